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
button-show-dice = 🎲 Мой ход: мои кости
button-roll = 🎲 Бросить и посмотреть
button-roll-blind = 🙈 Бросить вслепую

prompt-roll = 🎲 <b>Твой бросок.</b> Посмотри на кости или брось вслепую и объяви, не глядя.
prompt-dice = 🎲 Твои кости: { $faces } <b>{ $claim }</b>
    Объяви правду — или больше, или меньше:
prompt-blind = 🙈 <b>Брошено вслепую.</b> Объяви, не глядя:
prompt-announced = 📣 Твоё объявление: { $claim }.
prompt-missed = ⌛ Время на этот ход вышло.
prompt-out = Ты больше не в игре.
prompt-game-over = 🏁 Игра окончена.
prompt-stopped = 🛑 Игра остановлена.
reminder = ⏰ { $seconds ->
    [one] Осталась { $seconds } секунда
    [few] Осталось { $seconds } секунды
    [many] Осталось { $seconds } секунд
   *[other] Осталось { $seconds } секунды
} на твой ход в Mia.

popup-joined = ✋ Ты в игре.
popup-left = Ты больше не за столом.
popup-start-not-allowed = Начать игру может только её создатель или админ группы.
popup-rolled = 🎲 Брошено: кости — в нашем личном чате.
popup-rolled-unreachable = 🎲 Брошено. Не могу написать тебе в личку: жми «{ button-show-dice }» на столе.
popup-blind-choose = 🙈 Выбери объявление вслепую в нашем личном чате.
popup-passed = 🤞 Передано не глядя.
popup-dice = Твои кости: { $faces } ({ $digits }). Чтобы объявлять, верни личку: открой бота и нажми «Запустить».
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
