# /rules, /odds, /help and the command menu.
rules-title-game = 🎲 <b>Mia — the rules of this game</b>
rules-title-default = 🎲 <b>Mia — the rules by default</b>
rules-title-group = 🎲 <b>Mia — the rules of this group</b>
rules-summary = Roll two dice under the cup and announce a value: the truth, higher or lower. The next player believes you and must beat it, or calls “liar!”: the dice are shown, and whoever was wrong loses a life. Nothing beats Mia: facing one, give up (−1) or look.
rules-ranking = <b>Ranking, best first</b>: { $order }
odds-title = 🎲 <b>The chance that one roll beats each value</b>
help-text = 🎲 <b>Mia</b>, the bluffing dice game, played in this group.
    /newgame — open a game (alias /mia); players press Join, the creator or an admin presses Start
    /addai — seat a computer player in the lobby
    /extend — more time in the lobby
    /stop — stop the game (creator or admin)
    /rules — the rules in force and the ranking
    /odds — the chance that one roll beats each value
    /stats — your statistics (in reply: someone else's)
    /top — this group's leaderboard
    /dashboard — this group's tables on the web
    /settings — house rules (admins)
    /lang — language
    /kick — remove an idle player (admins)
help-dice-private = Your dice come by private message: press Start in a private chat with me once.
help-dice-group = In this group your dice show right here, in pop-ups only you see: no private chat needed.

cmd-newgame = Open a game of Mia in this group
cmd-mia = Same as /newgame
cmd-addai = Seat a computer player in the lobby
cmd-extend = More time in the lobby
cmd-stop = Stop the game (creator or admin)
cmd-rules = The rules in force and the ranking
cmd-odds = The chance that one roll beats each value
cmd-stats = Your statistics (reply: someone else's)
cmd-top = This group's leaderboard
cmd-dashboard = A link to this group's tables
cmd-settings = House rules (admins)
cmd-lang = Change the language
cmd-kick = Remove an idle player (admins)
cmd-help = How to play with this bot
cmd-start = Start the bot so your dice can reach you
