"""ciphers tasks: classical ciphers and encodings to apply or break."""
