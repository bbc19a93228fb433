# The lobby message, the rules line and the round's table in the group.
lobby-title = 🎲 <b>Mia</b> — новая игра от { $creator }
lobby-players = <b>Игроки ({ $count }/{ $max })</b>
lobby-nobody = • (пока никого)
lobby-rules = <b>Правила</b>: { $rules }
lobby-hint = Жмите «Присоединиться», чтобы играть (кости придут в личку). Начинает создатель или админ.
lobby-hint-group = Жмите «Присоединиться», чтобы играть: кости появятся прямо здесь, во всплывающих окнах, которые видите только вы. Начинает создатель или админ.
lobby-started = ▶️ <b>Игра началась.</b>
lobby-started-by = ▶️ <b>Игра началась:</b> первый раунд начинает { $name }.
lobby-stopped = 🛑 <b>Игра остановлена.</b>
lobby-expired = ⌛ <b>Лобби закрыто: игру никто не начал вовремя.</b>
lobby-closes = ⌛ Закроется через { $minutes } мин., если игру не начнут; /extend даёт больше времени.

rules-lives = { $n ->
    [one] { $n } жизнь
    [few] { $n } жизни
    [many] { $n } жизней
   *[other] { $n } жизни
}
rules-doubles-66 = старший дубль 66
rules-doubles-11 = старший дубль 11
rules-little-mia = малая Mia
rules-sum = режим суммы
rules-strict = каждое объявление выше
rules-at-least = можно объявлять равное
rules-blind-pass = передача вслепую
rules-mia-penalties = проверка настоящей Mia −{ $looked }, ложная Mia −{ $lie }
rules-turn = { $seconds } с на ход
rules-no-turn-limit = ход без ограничения времени
rules-last-standing = побеждает последний оставшийся
rules-first-out = до первого выбывшего

# A round's message in the group. $name and $claim are HTML-escaped (in stay-in-the-group mode
# $name is a mention of the player, which notifies them); $until is empty or " — until …".
table-title = 🎲 <b>Mia — раунд { $round }</b>
lives-line = { $seats }
lives-you = ты
table-starts = Раунд начинает { $name }.
table-announced = 📣 { $name }: <b>{ $claim }</b>
table-announced-blind = 📣 { $name }: <b>{ $claim }</b> (вслепую)
table-announced-pass = 📣 { $name }: <b>{ $claim }</b> (передано не глядя)
table-to-beat = 🎯 Надо перебить: <b>{ $claim }</b> — шанс перебить одним броском: { $percent }%.
table-turn-roll = ⏳ { $name } верит: объявит вслепую или бросит и посмотрит{ $until }
table-turn-announce = ⏳ { $name } смотрит на кости и выбирает объявление{ $until }
table-turn-roll-here = ⏳ { $name }, ты веришь: объяви вслепую кнопками ниже или брось и посмотри{ $until }
table-turn-announce-here = ⏳ { $name }, твой ход: 🎲 покажет твои кости (только тебе), потом объяви кнопками ниже{ $until }
table-turn-respond = ⏳ { $name }: поверить и бросить — или «Лжец!»?{ $until }
table-turn-mia = ⏳ { $name }: Mia! Сдаться или проверить?{ $until }
table-unreachable = ⚠️ Не могу написать игроку { $name } в личку. { $name }, открой @{ $bot } и нажми «Запустить» — а пока играй здесь, кнопками ниже.
deadline-until = до { $time } UTC
deadline-left = { $seconds ->
    [one] { $seconds } секунда
    [few] { $seconds } секунды
    [many] { $seconds } секунд
   *[other] { $seconds } секунды
} (до { $time } UTC)
table-call = ❗ { $name }: «Лжец!» — { $shown }
table-call-you = ❗ Ты: «Лжец!» — { $shown }
table-look = 👀 { $name } проверяет: { $shown }
table-look-you = 👀 Ты проверяешь: { $shown }
table-outcome-bluff-caught = { $rolled } ниже, чем { $claim }: { $announcer } блефует!
table-outcome-bluff-caught-you = { $rolled } ниже, чем { $claim }: ты блефуешь!
table-outcome-claim-held = { $rolled } не ниже, чем { $claim }: { $announcer } говорит правду.
table-outcome-claim-held-you = { $rolled } не ниже, чем { $claim }: ты говоришь правду.
table-outcome-mia-true = Настоящая Mia!
table-outcome-mia-false = Это не Mia: { $announcer } блефует!
table-outcome-mia-false-you = Это не Mia: ты блефуешь!
table-gave-up = 🏳️ { $name } сдаётся перед Mia.
table-gave-up-you = 🏳️ Ты сдаёшься перед Mia.
table-missed = ⌛ { $name } пропускает ход.
table-missed-you = ⌛ Ты пропускаешь ход.
table-void = 🚫 Раунд отменён: один из игроков вышел.
table-loss = 💔 { $name } теряет { $n ->
    [1] жизнь
    [one] { $n } жизнь
    [few] { $n } жизни
    [many] { $n } жизней
   *[other] { $n } жизни
} ({ $cause })
table-loss-you = 💔 Ты теряешь { $n ->
    [1] жизнь
    [one] { $n } жизнь
    [few] { $n } жизни
    [many] { $n } жизней
   *[other] { $n } жизни
} ({ $cause })
table-next = ➡️ Раунд { $round } начинает { $name }.
table-stopped = 🛑 <b>Игра остановлена.</b>
table-round-closed = Этот раунд окончен.

game-over-winner = 🏆 <b>{ $name } выигрывает партию в Mia!</b>
game-over = 🏁 <b>Партия в Mia окончена.</b>
game-over-place = { $place }. { $name }{ $lives ->
    [0] {""}
    [one] { " " }❤️{ $lives }
    [few] { " " }❤️{ $lives }
    [many] { " " }❤️{ $lives }
   *[other] { " " }❤️{ $lives }
}
game-over-rounds = { $n ->
    [one] Сыгран { $n } раунд.
    [few] Сыграно { $n } раунда.
    [many] Сыграно { $n } раундов.
   *[other] Сыграно { $n } раунда.
}
