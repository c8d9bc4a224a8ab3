"""algebra tasks."""
