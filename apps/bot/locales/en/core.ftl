# Shared words: the language's own name, claims, lives, causes of a lost life.
language-name = English

claim-mia = Mia
claim-little-mia = little Mia
claim-points = { $points } points

cause-caught-bluffing = caught bluffing
cause-wrong-call = wrong call
cause-mia-looked = looked at a real Mia
cause-mia-given-up = gave up on Mia
cause-timeout = missed the turn

out-lives = out
out-left = left
out-kicked = kicked
out-idle = idle

# When the database cannot be reached (restarting, failing over): a pop-up or a reply.
error-database-unavailable = ⏳ I cannot reach my database just now. Please try again in a moment.
