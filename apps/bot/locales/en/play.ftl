# Buttons, private prompts and pop-ups of a game in play.
button-join = ✋ Join
button-leave = 🚪 Leave
button-start = ▶️ Start
button-believe = ✅ Believe & roll
button-believe-blind = 🙈 Believe, roll blind
button-call = ❗ Liar!
button-pass = 🤞 Pass blind
button-give-up = 🏳️ Give up (−1)
button-look = 👀 Look
button-show-dice = 🎲 My turn: show my dice
button-roll = 🎲 Roll and look
button-roll-blind = 🙈 Roll blind

prompt-roll = 🎲 <b>Your turn to roll.</b> Look at the dice, or roll blind and announce without looking.
prompt-dice = 🎲 Your dice: { $faces } <b>{ $claim }</b>
    Announce the truth, or something higher or lower:
prompt-blind = 🙈 <b>Rolled blind.</b> Announce without looking:
prompt-announced = 📣 You announced { $claim }.
prompt-missed = ⌛ Time ran out for that turn.
prompt-out = You are out of this game.
prompt-game-over = 🏁 The game is over.
prompt-stopped = 🛑 The game was stopped.
reminder = ⏰ { $seconds ->
    [one] { $seconds } second left
   *[other] { $seconds } seconds left
} for your turn in Mia.

popup-joined = ✋ You joined the game.
popup-left = You left the game.
popup-start-not-allowed = Only the game’s creator or a group admin can start it.
popup-rolled = 🎲 Rolled: your dice are in our private chat.
popup-rolled-unreachable = 🎲 Rolled. I can’t write to you privately: use “{ button-show-dice }” on the table.
popup-blind-choose = 🙈 Choose your blind announcement in our private chat.
popup-passed = 🤞 Passed on unseen.
popup-dice = Your dice: { $faces } ({ $digits }). Restore private messages to announce: open the bot and press Start.
popup-no-dice = You have not looked at dice this turn.
popup-invalid-button = This button is not valid.

reject-not-your-turn = It's not your turn.
reject-not-your-turn-named = It's { $name }'s turn, not yours.
reject-stale = This button is out of date: the game has moved on.
reject-game-over = That game is over.
reject-not-playing = You're not playing in this game.
reject-player-out = You're out of this game.
reject-started = The game has already started.
reject-already-joined = You're already at the table.
reject-table-full = The table is full.
reject-too-few = { $min ->
    [one] A game needs at least { $min } player.
   *[other] A game needs at least { $min } players.
}
reject-not-higher = Your announcement must beat the last one.
reject-not-allowed = That is not allowed by this game’s rules.
reject-busy = The game is busy. Please try again.
reject-other = That is not possible now.
