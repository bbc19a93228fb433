# Language name, as shown in /lang.
language-name = en
