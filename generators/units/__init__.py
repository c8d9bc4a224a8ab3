"""units tasks: physics and chemistry word problems with dimensional analysis."""
