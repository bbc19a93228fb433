# Opening, stopping and joining games.
newgame-private = Start a game of Mia in a group: add me to one and send /newgame there.
newgame-exists = A game is already open here. Join it with the buttons on its message, or /stop it first.
newgame-failed = I could not open a game: { $reason }
stop-private = /stop works in the group where the game is.
stop-none = There is no game to stop.
stop-not-allowed = Only the game’s creator or a group admin can stop it.
stop-done = 🛑 The game was stopped. Start a new one with /newgame.
start-hello = 🎲 Hi! I run games of Mia in groups. Add me to a group and send /newgame; your dice will come here.
start-gone = That game has already started or ended.
start-joined = ✋ You joined the game. Your dice will come here when it is your turn.
start-already = You're already at the table.
start-failed = I could not seat you: the game may have started or be full.
