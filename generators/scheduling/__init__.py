"""scheduling tasks: project critical paths, CPU scheduling and calendar conflicts."""
