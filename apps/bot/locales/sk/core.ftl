# Shared words: the language's own name, claims, lives, causes of a lost life.
language-name = Slovenčina

claim-mia = Mia
claim-little-mia = malá Mia
claim-points = { $points ->
    [one] { $points } bod
    [few] { $points } body
    [many] { $points } bodu
   *[other] { $points } bodov
}

cause-caught-bluffing = odhalený blaf
cause-wrong-call = neoprávnené obvinenie
cause-mia-looked = kontrola pravej Mia
cause-mia-given-up = vzdanie sa pred Mia
cause-timeout = zmeškaný ťah

out-lives = bez životov
out-left = odchod
out-kicked = vylúčenie
out-idle = nečinnosť

# When the database cannot be reached (restarting, failing over): a pop-up or a reply.
error-database-unavailable = ⏳ Momentálne sa neviem spojiť so svojou databázou. Skúste to, prosím, o chvíľu znova.
