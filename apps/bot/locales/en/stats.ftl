# /stats: a player's statistics over finished games. $name is HTML-escaped.
# $scope: "group" (the games of this group) or "all" (every group's, in a private chat).
stats-title = 📊 <b>Statistics: { $name }</b> — { $scope ->
    [group] games in this group
   *[all] games in all groups
}
# $self: "yes" when the sender asked about themselves.
stats-none = { $self ->
    [yes] You have
   *[no] { $name } has
} no finished games { $scope ->
    [group] in this group
   *[all] yet
}. Open one with /newgame!
stats-bot = 🤖 I keep statistics for people only.
stats-games = 🎲 Games: { $games } · wins: { $wins } ({ $winRate }%)
stats-bluff-rate = 🤥 Bluff rate: { $rate }% ({ $bluffs } { $bluffs ->
    [one] bluff
   *[other] bluffs
} in { $looked } { $looked ->
    [one] announcement
   *[other] announcements
} after looking)
stats-bluff-rate-none = 🤥 Bluff rate: — (no announcement after looking yet)
stats-bluffs-called = 🫵 Caught bluffing { $called ->
    [one] once
   *[other] { $called } times
} · caught others bluffing { $caught ->
    [one] once
   *[other] { $caught } times
}
# $rating: the rating, a whole number; $position of $of: place on this board; $trend: "▲ +23",
# "▼ −12" or "= 0" over the last $trendGames games; $provisional: "yes" for fewer than $needed games.
stats-rating = 📈 Rating: { $rating } · #{ $position } of { $of } · { $trend } over the last { $trendGames ->
    [one] game
   *[other] { $trendGames } games
}{ $provisional ->
    [yes] {" "}(provisional: { $games } of { $needed } games)
   *[no] {""}
}
stats-calls = ✅ Right calls: { $right } of { $total } ({ $accuracy }%)
stats-calls-none = ✅ Right calls: — (no “liar!” calls yet)
stats-lives = 💔 Lives lost: { $total }
stats-lives-detail = 💔 Lives lost: { $total } — { $causes }
stats-cause-caught-bluffing = caught bluffing: { $n }
stats-cause-wrong-call = wrong calls: { $n }
stats-cause-mia-looked = looked at a real Mia: { $n }
stats-cause-mia-given-up = gave up on Mia: { $n }
stats-cause-timeout = missed turns: { $n }

# /top: the group's board by skill rating. $rank is a medal or "4."; $bluff is "23%" or "—";
# $provisional: "yes" for a rating of fewer than 10 games (marked with a *).
top-title = 🏆 <b>Ratings — { $chat }</b>
top-row = { $rank } { $name } — <b>{ $rating }</b>{ $provisional ->
    [yes] *
   *[no] {""}
} · { $games } { $games ->
    [one] game
   *[other] games
}, { $wins } { $wins ->
    [one] win
   *[other] wins
} ({ $winRate }%) · bluffs { $bluff }
top-no-people = Nobody is rated here yet: finish a game with /newgame!
top-computers-title = 🤖 <b>Computer players</b> (rated apart, by strategy)
top-computer = { $strategy } — { $rating }{ $provisional ->
    [yes] *
   *[no] {""}
} · { $games } { $games ->
    [one] game
   *[other] games
}
top-strategy-honest = Honest
top-strategy-calculator = Calculator
top-strategy-bluffer = Bluffer
top-strategy-random = Random
top-footer = <i>Finished games in this group. The rating is cautious: it rises with good results and with how sure it is of them. * provisional until { $needed } games.</i>
top-empty = No finished games in this group yet. Start one with /newgame!
top-private = /top shows a group’s ratings: send it in the group.
