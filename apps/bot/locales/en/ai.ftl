# /addai: computer players in a group's lobby.
ai-group-only = Computer players sit at group tables: send /addai in a group where a game is open.
ai-no-game = There is no game here to sit at. Open one with /newgame, then add computer players with /addai.
ai-not-in-lobby = The game has already started: computer players can only sit down before the start.
ai-not-allowed = Only the game’s creator or a group admin can add computer players.
ai-unknown-strategy =
    I don’t know the strategy “{ $name }”. Choose one of these:
    { $strategies }
    For example: /addai bluffer
ai-table-full =
    The table is full: { $max ->
        [one] { $max } player
       *[other] { $max } players
    } at most. Nobody else can sit down.
ai-joined =
    🤖 { $name } ({ $strategy }) takes a seat: { $seats } of { $max ->
        [one] { $max } seat
       *[other] { $max } seats
    } taken.
ai-failed = I could not seat a computer player just now. Please try again.
# Each strategy as /addai takes it (the first word stays as it is typed), and what it does.
ai-strategy-honest = honest — tells the truth whenever it may, calls only claims one roll rarely reaches
ai-strategy-calculator = calculator — plays the odds, bluffs when its roll will likely be beaten (the default)
ai-strategy-bluffer = bluffer — bluffs and calls liar often, sometimes rolls blind
ai-strategy-random = random — any legal move, just for fun
