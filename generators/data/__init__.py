"""data tasks: querying generated tables, ledgers and inventory simulations."""
