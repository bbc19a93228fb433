# Shared words: the language's own name, claims, lives, causes of a lost life.
language-name = Русский

claim-mia = Mia
claim-little-mia = малая Mia
claim-points = { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
}

cause-caught-bluffing = блеф раскрыт
cause-wrong-call = напрасное обвинение
cause-mia-looked = проверка настоящей Mia
cause-mia-given-up = сдача перед Mia
cause-timeout = пропуск хода

out-lives = без жизней
out-left = вышел(а)
out-kicked = исключён(а)
out-idle = бездействие

# When the database cannot be reached (restarting, failing over): a pop-up or a reply.
error-database-unavailable = ⏳ Сейчас нет связи с моей базой данных. Пожалуйста, попробуйте ещё раз через минуту.
