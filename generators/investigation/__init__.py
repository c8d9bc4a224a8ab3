"""investigation tasks: query a hidden body of data (a database, files, a spreadsheet, a program
and its tests) step by step with a small command language, then answer or fix."""
