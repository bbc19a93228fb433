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
stats-bluffs-called = 🫵 Пойман на блефе: { $called ->
    [one] { $called } раз
    [few] { $called } раза
    [many] { $called } раз
   *[other] { $called } раза
} · поймал других на блефе: { $caught ->
    [one] { $caught } раз
    [few] { $caught } раза
    [many] { $caught } раз
   *[other] { $caught } раза
}
stats-rating = 📈 Рейтинг: { $rating } · №{ $position } из { $of } · { $trend } за { $trendGames ->
    [one] последнюю игру
    [few] последние { $trendGames } игры
    [many] последние { $trendGames } игр
   *[other] последние { $trendGames } игры
}{ $provisional ->
    [yes] {" "}(предварительный: { $games } из { $needed } игр)
   *[no] {""}
}
stats-calls = ✅ Верные «Лжец!»: { $right } из { $total } ({ $accuracy }%)
stats-calls-none = ✅ Верные «Лжец!»: — (ещё ни одного вызова)
stats-lives = 💔 Потеряно жизней: { $total }
stats-lives-detail = 💔 Потеряно жизней: { $total } — { $causes }
stats-cause-caught-bluffing = пойман на блефе: { $n }
stats-cause-wrong-call = ошибочный «Лжец!»: { $n }
stats-cause-mia-looked = проверка настоящей Мии: { $n }
stats-cause-mia-given-up = отказ перед Мией: { $n }
stats-cause-timeout = пропущенные ходы: { $n }

# /top: рейтинг группы. $rank — медаль или «4.»; $bluff — «23%» или «—»;
# $provisional: "yes" для рейтинга меньше чем за 10 игр (помечается *).
top-title = 🏆 <b>Рейтинг — { $chat }</b>
top-row = { $rank } { $name } — <b>{ $rating }</b>{ $provisional ->
    [yes] *
   *[no] {""}
} · { $games } { $games ->
    [one] игра
    [few] игры
    [many] игр
   *[other] игры
}, { $wins } { $wins ->
    [one] победа
    [few] победы
    [many] побед
   *[other] победы
} ({ $winRate }%) · блеф { $bluff }
top-no-people = Здесь пока никто не получил рейтинг: доиграйте игру с /newgame!
top-computers-title = 🤖 <b>Компьютерные игроки</b> (отдельно, по стратегиям)
top-computer = { $strategy } — { $rating }{ $provisional ->
    [yes] *
   *[no] {""}
} · { $games } { $games ->
    [one] игра
    [few] игры
    [many] игр
   *[other] игры
}
top-strategy-honest = Честный
top-strategy-calculator = Расчётливый
top-strategy-bluffer = Блефующий
top-strategy-random = Случайный
top-footer = <i>Завершённые игры этой группы. Рейтинг осторожный: растёт с хорошими результатами и с уверенностью в них. * — предварительный, пока не сыграно { $needed } игр.</i>
top-empty = В этой группе ещё нет завершённых игр. Начните с /newgame!
top-private = /top показывает рейтинг группы: отправьте команду в группе.
