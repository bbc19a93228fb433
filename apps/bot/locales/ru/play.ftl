# Buttons, private prompts and pop-ups of a game in play.
button-join = ✋ Присоединиться
button-leave = 🚪 Выйти
button-start = ▶️ Начать
button-believe = ✅ Верю, бросаю
button-believe-blind = 🙈 Верю, бросаю вслепую
button-call = ❗ Лжец!
button-pass = 🤞 Передать вслепую
button-give-up = 🏳️ Сдаться (−1)
button-look = 👀 Проверить
button-show-dice = 🎲 Мои кости
button-claim = { $claim } · { $percent }%
button-roll = 🎲 Лучше бросить и посмотреть

# The private prompt of the player whose turn it is. $name and $claim are HTML-escaped;
# $percent is the chance (whole percent) that one roll beats the claim.
prompt-title = 🎲 <b>Mia — раунд { $round }</b> · твой ход
prompt-title-start = 🎲 <b>Mia — раунд { $round }</b> · ты начинаешь
prompt-passed = 📣 { $name } передаёт тебе стаканчик: <b>{ $claim }</b>
prompt-passed-blind = 📣 { $name } передаёт тебе стаканчик: <b>{ $claim }</b> (объявлено вслепую, не глядя)
prompt-passed-unseen = 📣 { $name } передаёт тебе стаканчик: <b>{ $claim }</b> (передан дальше не глядя: никто не смотрел)
prompt-to-beat = 🎯 Надо перебить: <b>{ $claim }</b> — шанс перебить одним броском: { $percent }%.
prompt-your-dice = 🎲 Твои кости: { $faces } <b>{ $claim }</b> — шанс перебить их одним броском: { $percent }%.
prompt-dice-start = Ты начинаешь раунд: объяви правду (<b>{ $claim }</b>, отмечено 🎯) или блефуй — выше или ниже.
prompt-dice-beat = ✅ { $claim } перебивает объявление { $standing }: можешь объявить правду (🎯) или блефовать выше.
prompt-dice-no-beat = ❌ Твои кости не перебивают объявление { $standing }: чтобы продолжить, придётся блефовать.
prompt-respond = Поверить и бросить — или «Лжец!»?
prompt-respond-pass = Поверить и бросить, крикнуть «Лжец!» или передать стаканчик дальше не глядя?
prompt-mia = Mia ничем не перебить. Сдайся и потеряй 1 жизнь — или проверь: если Mia настоящая, ты теряешь { $looked ->
    [one] { $looked } жизнь
    [few] { $looked } жизни
    [many] { $looked } жизней
   *[other] { $looked } жизни
}, если ложная — { $name } теряет { $lie ->
    [one] { $lie } жизнь
    [few] { $lie } жизни
    [many] { $lie } жизней
   *[other] { $lie } жизни
}.
prompt-roll-blind = 🙈 Ты веришь. Объяви вслепую, не глядя на кости, — или всё-таки брось и посмотри.
prompt-announce-start = Объяви (на каждой кнопке — шанс перебить это одним броском):
prompt-announce-higher = Объяви выше, чем { $claim } (на каждой кнопке — шанс перебить это одним броском):
prompt-hurry = ⏰ <b>Скорее: { $seconds ->
    [one] осталась { $seconds } секунда
    [few] осталось { $seconds } секунды
    [many] осталось { $seconds } секунд
   *[other] осталось { $seconds } секунды
}!</b>
# A prompt whose turn is over (no buttons any more).
prompt-closed-announced = 📣 Раунд { $round }: твоё объявление — <b>{ $claim }</b>; стаканчик получает { $name }.
prompt-closed-announced-blind = 📣 Раунд { $round }: твоё объявление вслепую — <b>{ $claim }</b>; стаканчик получает { $name }.
prompt-closed-passed = 🤞 Раунд { $round }: <b>{ $claim }</b> — ты передаёшь стаканчик не глядя, его получает { $name }.
prompt-closed-round = 🏁 <b>Раунд { $round } окончен.</b>
prompt-closed-game-won = 🏆 Игра окончена: побеждает { $name }.
prompt-closed-game = 🏁 Игра окончена.
prompt-closed-place = Твоё место: { $place } из { $of }.
prompt-moved-on = ⏭ Этот ход уже закончился.
prompt-out = Ты больше не в игре.
prompt-stopped = 🛑 Игра остановлена.

popup-joined = ✋ Ты в игре.
popup-left = Ты больше не за столом.
popup-start-not-allowed = Начать игру может только её создатель или админ группы.
popup-rolled = 🎲 Брошено: кости — в нашем личном чате.
popup-blind-choose = 🙈 Выбери объявление вслепую в нашем личном чате.
popup-blind-here = 🙈 Выбери объявление вслепую кнопками на столе.
popup-passed = 🤞 Передано не глядя.
# Stay-in-the-group mode: the dice in a pop-up only their owner sees (plain text, 200 characters at most).
popup-dice = 🎲 Твои кости: { $faces } = { $claim }. { $verdict }
popup-dice-start = Ты начинаешь: объяви правду или блефуй — кнопками на столе.
popup-dice-beat = Они перебивают объявление { $standing }: объяви правду или блефуй выше — кнопками на столе.
popup-dice-no-beat = Они не перебивают объявление { $standing }: придётся блефовать выше — кнопками на столе.
popup-no-dice = В этом ходу твои кости ещё не просмотрены.
popup-invalid-button = Эта кнопка недействительна.

reject-not-your-turn = Сейчас не твой ход.
reject-not-your-turn-named = Сейчас ходит { $name }, а не ты.
reject-stale = Кнопка устарела: игра ушла дальше.
reject-game-over = Эта игра окончена.
reject-not-playing = Ты не участвуешь в этой игре.
reject-player-out = Ты уже вне игры.
reject-started = Игра уже началась.
reject-already-joined = Ты уже за столом.
reject-table-full = За столом нет мест.
reject-too-few = { $min ->
    [one] Для игры нужен минимум { $min } игрок.
    [few] Для игры нужно минимум { $min } игрока.
    [many] Для игры нужно минимум { $min } игроков.
   *[other] Для игры нужно минимум { $min } игрока.
}
reject-not-higher = Объявление должно перебить предыдущее.
reject-not-allowed = Правила этой игры так не позволяют.
reject-busy = Игра занята. Попробуй ещё раз.
reject-other = Сейчас это невозможно.
