# /stats: статистика игрока по завершённым играм. $name уже экранирован для HTML.
# $scope: "group" (игры этой группы) или "all" (игры всех групп, в личном чате).
stats-title = 📊 <b>Статистика: { $name }</b> — { $scope ->
    [group] игры в этой группе
   *[all] игры во всех группах
}
# $self: "yes", если человек спрашивает о себе.
stats-none = { $self ->
    [yes] У вас
   *[no] У игрока { $name }
} пока нет завершённых игр{ $scope ->
    [group] { " " }в этой группе
   *[all] {""}
}. Начните с /newgame!
stats-bot = 🤖 Я веду статистику только для людей.
stats-games = 🎲 Игры: { $games } · победы: { $wins } ({ $winRate }%)
stats-bluff-rate = 🤥 Доля блефа: { $rate }% ({ $bluffs } { $bluffs ->
    [one] блеф
    [few] блефа
    [many] блефов
   *[other] блефа
} из { $looked } { $looked ->
    [one] заявки
    [few] заявок
    [many] заявок
   *[other] заявки
} после просмотра кубиков)
stats-bluff-rate-none = 🤥 Доля блефа: — (пока ни одной заявки после просмотра кубиков)
stats-bluffs-called = 🫵 Блефы, раскрытые другими: { $called } · раскрыто чужих блефов: { $caught }
stats-calls = ✅ Верные «Лжец!»: { $right } из { $total } ({ $accuracy }%)
stats-calls-none = ✅ Верные «Лжец!»: — (ещё ни одного вызова)
stats-lives = 💔 Потеряно жизней: { $total }
stats-lives-detail = 💔 Потеряно жизней: { $total } — { $causes }
stats-cause-caught-bluffing = пойман на блефе: { $n }
stats-cause-wrong-call = ошибочный «Лжец!»: { $n }
stats-cause-mia-looked = проверка настоящей Мии: { $n }
stats-cause-mia-given-up = отказ перед Мией: { $n }
stats-cause-timeout = пропущенные ходы: { $n }

# /top: таблица лидеров группы. $rank — медаль или «4.»; $bluff — «23%» или «—».
top-title = 🏆 <b>Таблица лидеров — { $chat }</b>
top-row = { $rank } { $name } — { $wins } { $wins ->
    [one] победа
    [few] победы
    [many] побед
   *[other] победы
} · { $games } { $games ->
    [one] игра
    [few] игры
    [many] игр
   *[other] игры
} · блеф { $bluff }
top-footer = <i>Завершённые игры этой группы; только люди, ИИ-игроки в таблицу не входят.</i>
top-empty = В этой группе ещё нет завершённых игр. Начните с /newgame!
top-private = /top показывает таблицу лидеров группы: отправьте команду в группе.
