"""code tasks: trace and invert programs in small languages that procgym interprets itself."""
