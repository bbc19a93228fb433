# Language name, as shown in /lang.
language-name = af
