## /settings: правила группы, и /lang.
## Меню рисуется на языке группы; всплывающие ответы — на языке того, кто нажал.

settings-private = ⚙️ /settings меняет правила игры в группе: отправьте команду в группе, где вы играете. Чтобы выбрать свой язык, отправьте здесь /lang.

## Сообщение над меню

settings-title = ⚙️ <b>Настройки этой группы</b>
settings-line-lives = ❤️ { $n ->
    [one] У каждого игрока в начале { $n } жизнь
    [few] У каждого игрока в начале { $n } жизни
   *[many] У каждого игрока в начале { $n } жизней
}
settings-line-ranking = 🎲 Порядок комбинаций: { $preset } ({ $options })
settings-line-announce = 📣 { $rule ->
    [at-least] Можно объявить столько же, сколько предыдущий игрок
   *[strict] Каждое объявление должно быть выше предыдущего
}
settings-line-blind-pass = 🙈 Передать стаканчик не глядя: { $on ->
    [on] можно
   *[off] нельзя
}
settings-line-mia-looked = 👀 Кто проверил настоящую Мию, теряет { $n ->
    [one] { $n } жизнь
    [few] { $n } жизни
   *[many] { $n } жизней
}
settings-line-mia-false = 🤥 За ложную Мию объявивший теряет { $n ->
    [one] { $n } жизнь
    [few] { $n } жизни
   *[many] { $n } жизней
}
settings-line-end = 🏁 { $rule ->
    [first-out] Игра заканчивается, когда выбывает первый игрок
   *[last-standing] Играем, пока не останется один игрок
}
settings-line-turn = ⏱ Время на ход: { $time }
settings-line-turn-off = ⏱ Время на ход не ограничено
settings-line-idle = 💤 { $n ->
    [one] Кто пропустил { $n } ход, выбывает из игры
    [few] Кто пропустил { $n } хода подряд, выбывает из игры
   *[many] Кто пропустил { $n } ходов подряд, выбывает из игры
}
settings-line-players = 👥 Игроков: от { $min } до { $max }
settings-line-play-mode = 🎲 { $mode ->
    [group] Кости остаются в группе: каждый видит свой бросок во всплывающем окне, которое видно только ему, и объявляет кнопками на столе. Личный чат не нужен.
   *[private] Кости приходят в личные сообщения: я присылаю каждому игроку его бросок в наш личный чат, поэтому каждому нужно один раз начать со мной чат.
}
settings-line-language = 🌐 Язык: { $name }
settings-who = Менять настройки могут администраторы группы и создатель игры, пока она не началась.
settings-next-game = Изменения действуют со следующей игры.
settings-next-game-open = Игра уже открыта: изменения вступят в силу со следующей игры, а не с этой.

settings-preset-classic = классика
settings-preset-rules-site = как на сайте правил
settings-preset-meyer = Мейер
settings-preset-custom = свой
settings-doubles-66-high = 66 — старший дубль
settings-doubles-11-high = 11 — старший дубль
settings-little-mia-on = малая Мия (31) — вторая по силе
settings-little-mia-off = без малой Мии
settings-sum-on = остальные броски считаются по сумме очков
settings-sum-off = без подсчёта суммы

settings-choice-seconds = { $n } с
settings-choice-minutes = { $n } мин
settings-choice-no-limit = без ограничения

## Кнопки

settings-btn-lives = ❤️ Жизни: { $n }
settings-btn-ranking = 🎲 Порядок: { $preset } ›
settings-btn-announce = 📣 { $rule ->
    [at-least] Объявлять: не ниже
   *[strict] Объявлять: только выше
}
settings-btn-blind-pass = 🙈 Передача вслепую: { $on ->
    [on] вкл.
   *[off] выкл.
}
settings-btn-mia-looked = 👀 Проверил настоящую Мию: −{ $n }
settings-btn-mia-false = 🤥 Ложная Мия: −{ $n }
settings-btn-end = 🏁 { $rule ->
    [first-out] Конец: первый выбывший
   *[last-standing] Конец: до последнего
}
settings-btn-turn = ⏱ Ход: { $time } ›
settings-btn-idle = 💤 Пропуски ходов: { $n }
settings-btn-min-players = 👥 Мин. игроков: { $n }
settings-btn-max-players = 👥 Макс. игроков: { $n }
settings-btn-play-mode = 🎲 Кости: { $mode ->
    [group] всплывающие окна в группе
   *[private] в личные сообщения
}
settings-btn-language = 🌐 { $name } ›
settings-btn-close = ✖️ Закрыть
settings-btn-back = ⬅️ Назад
settings-btn-doubles = Дубли: { $best ->
    [ones] 11 старший
   *[sixes] 66 старший
}
settings-btn-little-mia = Малая Мия (31): { $on ->
    [on] вкл.
   *[off] выкл.
}
settings-btn-sum = Подсчёт суммы: { $on ->
    [on] вкл.
   *[off] выкл.
}

## Названия числовых настроек, для всплывающих ответов

settings-name-lives = Жизни
settings-name-miaLookedPenalty = Потеря жизней за проверку настоящей Мии
settings-name-miaFalsePenalty = Потеря жизней за ложную Мию
settings-name-turnSeconds = Секунды на ход
settings-name-idleLimit = Пропусков до выбывания
settings-name-minPlayers = Минимум игроков
settings-name-maxPlayers = Максимум игроков

## Всплывающие ответы (не длиннее 200 символов)

settings-range = { $setting }: от { $min } до { $max }. Меняйте кнопками ➖ и ➕.
settings-not-allowed = Менять настройки могут только администраторы группы или создатель игры, пока она не началась.
settings-saved = ✅ Сохранено.
settings-saved-next-game = ✅ Сохранено: действует со следующей игры.
settings-refused-range = { $setting }: значение должно быть от { $min } до { $max }. Ничего не изменено.
settings-refused-players = Игроков должно быть не меньше { $min } и не больше { $max }: минимум не может превышать максимум. Ничего не изменено.
settings-refused-blind-pass = Передавать вслепую можно только по строгому правилу (каждое объявление выше). Ничего не изменено.
settings-refused-invalid = Нельзя: { $reason }
settings-outdated = Настройки успели измениться: сообщение теперь показывает текущие. Попробуйте ещё раз.
settings-language-changed = 🌐 Язык группы: { $name }

## /lang

lang-prompt-group = 🌐 В этой группе я говорю на языке: { $name }. Выберите язык группы:
lang-prompt-private = 🌐 С вами я говорю на языке: { $name }. Выберите свой язык:
lang-set-group = 🌐 Теперь в этой группе я говорю по-русски.
lang-set-private = 🌐 Теперь я говорю с вами по-русски.
lang-chosen = 🌐 { $name }
lang-admins-only = Менять язык группы могут только администраторы группы.
lang-unknown = Я не знаю языка «{ $given }». Выберите один из: { $choices }
lang-outdated = Язык успел измениться: вот текущий выбор.
