"""Names for the people, products and places of the tool_use systems."""
PEOPLE = ("Ana", "Ben", "Cara", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jade", "Kai", "Lena", "Milo", "Nia",
          "Omar", "Pia", "Quin", "Rosa", "Sami", "Tess", "Uma", "Vic", "Wren", "Yuri", "Zoe", "Abel", "Bea",
          "Cyrus", "Dina", "Enzo", "Flor", "Gale", "Hugo", "Iris", "Joel", "Kira", "Leon", "Maya", "Nico", "Opal")
