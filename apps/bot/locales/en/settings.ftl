## /settings: the group's house rules, and /lang.
## The menu is drawn in the group's language; pop-ups in the language of whoever pressed.

settings-private = ⚙️ /settings changes the house rules of a group: send it in the group where you play. To choose your own language, send /lang here.

## The message above the menu

settings-title = ⚙️ <b>Settings of this group</b>
settings-line-lives = ❤️ { $n ->
    [one] Each player starts with { $n } life
   *[other] Each player starts with { $n } lives
}
settings-line-ranking = 🎲 Ranking: { $preset } ({ $options })
settings-line-announce = 📣 { $rule ->
    [at-least] An announcement may equal the one before
   *[strict] Each announcement must beat the one before
}
settings-line-blind-pass = 🙈 Passing the cup on unseen: { $on ->
    [on] allowed
   *[off] not allowed
}
settings-line-mia-looked = 👀 Looking at a real Mia costs { $n ->
    [one] { $n } life
   *[other] { $n } lives
}
settings-line-mia-false = 🤥 A false Mia costs its announcer { $n ->
    [one] { $n } life
   *[other] { $n } lives
}
settings-line-end = 🏁 { $rule ->
    [first-out] The game ends when the first player is out
   *[last-standing] Play until one player is left
}
settings-line-turn = ⏱ Time for a turn: { $time }
settings-line-turn-off = ⏱ No time limit for a turn
settings-line-idle = 💤 { $n ->
    [one] A player who misses { $n } turn leaves the game
   *[other] A player who misses { $n } turns in a row leaves the game
}
settings-line-players = 👥 Players: { $min } to { $max }
settings-line-play-mode = 🎲 { $mode ->
    [group] Dice stay in the group: each player sees their roll in a pop-up only they can see, and announces with the buttons on the table. No private chat needed.
   *[private] Dice come by private message: I send each player their roll in our private chat, so everyone starts a chat with me once.
}
settings-line-language = 🌐 Language: { $name }
settings-who = Group admins, and the creator of a game still in its lobby, can change these.
settings-next-game = Changes apply to the next game.
settings-next-game-open = A game is open: changes apply to the next game, not to this one.

settings-preset-classic = classic
settings-preset-rules-site = rules site
settings-preset-meyer = Meyer
settings-preset-custom = custom
settings-doubles-66-high = 66 is the best double
settings-doubles-11-high = 11 is the best double
settings-little-mia-on = little Mia (31) second best
settings-little-mia-off = no little Mia
settings-sum-on = other rolls count by their sum
settings-sum-off = no sum mode

settings-choice-seconds = { $n } s
settings-choice-minutes = { $n } min
settings-choice-no-limit = no limit

## Buttons

settings-btn-lives = ❤️ Lives: { $n }
settings-btn-ranking = 🎲 Ranking: { $preset } ›
settings-btn-announce = 📣 { $rule ->
    [at-least] Announce: equal or higher
   *[strict] Announce: always higher
}
settings-btn-blind-pass = 🙈 Blind pass: { $on ->
    [on] on
   *[off] off
}
settings-btn-mia-looked = 👀 Real Mia looked at: −{ $n }
settings-btn-mia-false = 🤥 False Mia: −{ $n }
settings-btn-end = 🏁 { $rule ->
    [first-out] End: first player out
   *[last-standing] End: last one standing
}
settings-btn-turn = ⏱ Turn: { $time } ›
settings-btn-idle = 💤 Missed turns: { $n }
settings-btn-min-players = 👥 Min players: { $n }
settings-btn-max-players = 👥 Max players: { $n }
settings-btn-play-mode = 🎲 Dice: { $mode ->
    [group] pop-ups in the group
   *[private] by private message
}
settings-btn-language = 🌐 { $name } ›
settings-btn-close = ✖️ Close
settings-btn-back = ⬅️ Back
settings-btn-doubles = Doubles: { $best ->
    [ones] 11 best
   *[sixes] 66 best
}
settings-btn-little-mia = Little Mia (31): { $on ->
    [on] on
   *[off] off
}
settings-btn-sum = Sum mode: { $on ->
    [on] on
   *[off] off
}

## Names of the numeric settings, for pop-ups

settings-name-lives = Lives
settings-name-miaLookedPenalty = Lives lost for looking at a real Mia
settings-name-miaFalsePenalty = Lives lost for a false Mia
settings-name-turnSeconds = Seconds for a turn
settings-name-idleLimit = Missed turns before leaving
settings-name-minPlayers = Minimum players
settings-name-maxPlayers = Maximum players

## Pop-ups (200 characters at most)

settings-range = { $setting }: from { $min } to { $max }. Change it with ➖ and ➕.
settings-not-allowed = Only group admins, or the creator of the game in its lobby, can change the settings.
settings-saved = ✅ Saved.
settings-saved-next-game = ✅ Saved: it applies to the next game.
settings-refused-range = { $setting } must be from { $min } to { $max }. Nothing was changed.
settings-refused-players = There must be at least { $min } and at most { $max } players: the minimum can’t be above the maximum. Nothing was changed.
settings-refused-blind-pass = Passing on unseen needs the strict rule (each announcement higher). Nothing was changed.
settings-refused-invalid = Not allowed: { $reason }
settings-outdated = The settings changed in the meantime: the message now shows them as they are. Please try again.
settings-language-changed = 🌐 Group language: { $name }

## /lang

lang-prompt-group = 🌐 I speak { $name } in this group. Choose the group’s language:
lang-prompt-private = 🌐 I speak { $name } with you. Choose your language:
lang-set-group = 🌐 From now on I speak English in this group.
lang-set-private = 🌐 From now on I speak English with you.
lang-chosen = 🌐 { $name }
lang-admins-only = Only group admins can change the group’s language.
lang-unknown = I don’t know the language “{ $given }”. Choose one of: { $choices }
lang-outdated = The language changed in the meantime: here is the current choice.
