# Shared words: the language's own name, claims, lives, causes of a lost life.
language-name = Afrikaans

claim-mia = Mia
claim-little-mia = klein Mia
claim-points = { $points ->
    [one] { $points } punt
   *[other] { $points } punte
}

cause-caught-bluffing = betrap met bluf
cause-wrong-call = valse beskuldiging
cause-mia-looked = na 'n regte Mia gekyk
cause-mia-given-up = Mia opgegee
cause-timeout = beurt gemis

out-lives = uit
out-left = weg
out-kicked = uitgeskop
out-idle = onaktief

# When the database cannot be reached (restarting, failing over): a pop-up or a reply.
error-database-unavailable = ⏳ Ek kan nou nie my databasis bereik nie. Probeer asseblief oor 'n oomblik weer.
