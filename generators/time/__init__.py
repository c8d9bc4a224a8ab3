"""time tasks: calendars and dates."""
