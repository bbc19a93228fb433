# /extend: more time for an open lobby; and the notice when a lobby closes unstarted.
extend-private = /extend works in the group where the game is.
extend-no-lobby = There is no open lobby to extend. Open one with /newgame.
extend-started = The game has already started.
extend-not-allowed = Only players in the lobby, its creator or a group admin can extend it.
extend-done = ⏳ The lobby stays open { $minutes } more { $minutes ->
    [one] minute
   *[other] minutes
}.
extend-at-limit = The lobby already stays open { $minutes } more { $minutes ->
    [one] minute
   *[other] minutes
}, as long as it can.
extend-expired = ⌛ The lobby has closed: nobody started the game in time. Open a new one with /newgame.
