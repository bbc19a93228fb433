# /dashboard: ссылка на столы группы в вебе. $url уже экранирован для HTML.
dashboard-link = 📺 Столы этой группы — текущие и прошлые: { $url }
dashboard-listed = 🌍 Группа видна в публичном списке дашборда.
dashboard-unlisted = 🔒 Группы нет в публичном списке: её видят только те, у кого есть ссылка.
dashboard-admin-hint = Админам: /dashboard rotate — новая ссылка (старая перестанет работать); /dashboard public on|off — показывать группу в публичном списке или нет.
dashboard-rotated = 🔄 Новая ссылка на столы группы: { $url }
    Старая ссылка больше не работает.
dashboard-public-on = 🌍 Теперь группа видна в публичном списке дашборда.
dashboard-public-off = 🔒 Группа убрана из публичного списка; ссылка по-прежнему работает.
dashboard-not-admin = Менять ссылку на дашборд могут только админы группы.
dashboard-private = /dashboard даёт ссылку группы: отправьте команду в группе.
dashboard-usage = Используйте /dashboard, /dashboard rotate или /dashboard public on|off.

# /kick: админ убирает игрока. $name уже экранирован для HTML.
kick-private = /kick работает в группе, где идёт игра.
kick-not-admin = Убирать игроков могут только админы группы.
kick-no-game = Здесь нет игры.
kick-usage = Ответьте /kick на сообщение игрока или отправьте /kick @username либо /kick Имя.
kick-no-player = { $name } не участвует в этой игре.
kick-ambiguous = Игроков с именем { $name } несколько: ответьте /kick на сообщение того, кого нужно убрать.
kick-already-out = { $name } уже выбыл(а) из этой игры.
kick-game-over = Игра уже закончилась.
kick-refused = Сейчас не получилось убрать игрока { $name }. Попробуйте ещё раз.
kick-done = 👢 Игрок { $name } убран из игры.
