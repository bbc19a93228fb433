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
button-show-dice = 🎲 My dice
button-claim = { $claim } · { $percent }%
button-roll = 🎲 Roll and look instead

# The private prompt of the player whose turn it is. $name and $claim are HTML-escaped;
# $percent is the chance (whole percent) that one roll beats the claim.
prompt-title = 🎲 <b>Mia — round { $round }</b> · your turn
prompt-title-start = 🎲 <b>Mia — round { $round }</b> · you start
prompt-passed = 📣 { $name } passed you the cup: <b>{ $claim }</b>
prompt-passed-blind = 📣 { $name } passed you the cup: <b>{ $claim }</b> (announced blind, without looking)
prompt-passed-unseen = 📣 { $name } passed you the cup: <b>{ $claim }</b> (passed on without rolling or looking)
prompt-to-beat = 🎯 To beat: <b>{ $claim }</b> — one roll beats it { $percent }% of the time.
prompt-your-dice = 🎲 Your dice: { $faces } <b>{ $claim }</b> — one roll beats that { $percent }% of the time.
prompt-dice-start = You start the round: announce the truth (<b>{ $claim }</b>, marked 🎯) or bluff, higher or lower.
prompt-dice-beat = ✅ { $claim } is enough against { $standing }: announce the truth (🎯) or bluff higher.
prompt-dice-no-beat = ❌ Your dice do not beat { $standing }: to go on, you must bluff.
prompt-respond = Believe and roll, or call liar?
prompt-respond-pass = Believe and roll, call liar, or pass the cup on unseen?
prompt-mia = Nothing beats Mia. Give up and lose 1 life, or look: a real Mia costs you { $looked ->
    [one] { $looked } life
   *[other] { $looked } lives
}, a false one costs { $name } { $lie ->
    [one] { $lie } life
   *[other] { $lie } lives
}.
prompt-roll-blind = 🙈 You believed. Announce blind, without looking at the dice — or roll and look after all.
prompt-announce-start = Announce — each button shows the chance one roll beats it:
prompt-announce-higher = Announce higher than { $claim } — each button shows the chance one roll beats it:
prompt-hurry = ⏰ <b>Hurry: { $seconds ->
    [one] { $seconds } second left
   *[other] { $seconds } seconds left
}!</b>
# A prompt whose turn is over (no buttons any more).
prompt-closed-announced = 📣 Round { $round }: you announced <b>{ $claim }</b>; the cup went to { $name }.
prompt-closed-announced-blind = 📣 Round { $round }: you announced <b>{ $claim }</b> blind; the cup went to { $name }.
prompt-closed-passed = 🤞 Round { $round }: you passed <b>{ $claim }</b> on unseen to { $name }.
prompt-closed-round = 🏁 <b>Round { $round } is over.</b>
prompt-closed-game-won = 🏆 The game is over: { $name } wins.
prompt-closed-game = 🏁 The game is over.
prompt-closed-place = Your place: { $place } of { $of }.
prompt-moved-on = ⏭ This turn is over.
prompt-out = You are out of this game.
prompt-stopped = 🛑 The game was stopped.

popup-joined = ✋ You joined the game.
popup-left = You left the game.
popup-start-not-allowed = Only the game’s creator or a group admin can start it.
popup-rolled = 🎲 Rolled: your dice are in our private chat.
popup-blind-choose = 🙈 Choose your blind announcement in our private chat.
popup-blind-here = 🙈 Choose your blind announcement on the buttons.
popup-passed = 🤞 Passed on unseen.
# Stay-in-the-group mode: the dice in a pop-up only their owner sees (plain text, 200 characters at most).
popup-dice = 🎲 Your dice: { $faces } = { $claim }. { $verdict }
popup-dice-start = You start. On the table: announce the truth or bluff.
popup-dice-beat = They are enough against { $standing }. On the table: announce the truth or bluff higher.
popup-dice-no-beat = They do not beat { $standing }. On the table: you must bluff higher.
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
