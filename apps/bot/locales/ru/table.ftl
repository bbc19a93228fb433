# The lobby message, the rules line and the round's table in the group.
lobby-title = 🎲 <b>Mia</b> — новая игра от { $creator }
lobby-players = <b>Игроки ({ $count }/{ $max })</b>
lobby-nobody = • (пока никого)
lobby-rules = <b>Правила</b>: { $rules }
lobby-hint = Жмите «Присоединиться», чтобы играть (кости придут в личку). Начинает создатель или админ.
lobby-started = ▶️ <b>Игра началась.</b>
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

table-title = 🎲 <b>Mia — раунд { $round }</b>
table-last-round = <i>Прошлый раунд:</i>
table-starts = Раунд начинает { $name }.
table-announced = 📣 { $name }: <b>{ $claim }</b>
table-announced-blind = 📣 { $name }: <b>{ $claim }</b> (вслепую)
table-announced-pass = 📣 { $name }: <b>{ $claim }</b> (передано не глядя)
table-turn-roll = ⏳ { $name } бросает кости{ $until }
table-turn-announce = ⏳ { $name } объявляет{ $until }
table-turn-respond = ⏳ { $name } решает: верить или «Лжец!»{ $until }
table-turn-mia = ⏳ { $name }: Mia! Сдаться или проверить{ $until }
table-until = { " " }— до { $time } UTC
table-winner = 🏆 <b>{ $name } побеждает!</b>
table-over = 🏁 Игра окончена.
table-call = ❗ { $name }: «Лжец!» — { $shown }
table-look = 👀 { $name } проверяет: { $shown }
table-gave-up = 🏳️ { $name } сдаётся перед Mia.
table-missed = ⌛ { $name } пропускает ход.
table-void = Раунд отменён: один из игроков вышел.
table-loss = 💔 { $name } теряет { $n ->
    [1] жизнь
    [one] { $n } жизнь
    [few] { $n } жизни
    [many] { $n } жизней
   *[other] { $n } жизни
} ({ $cause })

game-over-winner = 🏆 { $name } выигрывает партию в Mia!
game-over = 🏁 Партия в Mia окончена.
unreachable = ⚠️ Не могу написать { $name } в личку. { $name }, открой @{ $bot } и нажми «Запустить» (или разблокируй меня). А пока жми «{ button-show-dice }» на столе.
