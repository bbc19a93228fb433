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
stats-bluffs-called = 🫵 Own bluffs called by others: { $called } · others’ bluffs caught: { $caught }
stats-calls = ✅ Right calls: { $right } of { $total } ({ $accuracy }%)
stats-calls-none = ✅ Right calls: — (no “liar!” calls yet)
stats-lives = 💔 Lives lost: { $total }
stats-lives-detail = 💔 Lives lost: { $total } — { $causes }
stats-cause-caught-bluffing = caught bluffing: { $n }
stats-cause-wrong-call = wrong calls: { $n }
stats-cause-mia-looked = looked at a real Mia: { $n }
stats-cause-mia-given-up = gave up on Mia: { $n }
stats-cause-timeout = missed turns: { $n }

# /top: the group's leaderboard. $rank is a medal or "4."; $bluff is "23%" or "—".
top-title = 🏆 <b>Leaderboard — { $chat }</b>
top-row = { $rank } { $name } — { $wins } { $wins ->
    [one] win
   *[other] wins
} · { $games } { $games ->
    [one] game
   *[other] games
} · bluffs { $bluff }
top-footer = <i>Finished games in this group; people only, AI players are not ranked.</i>
top-empty = No finished games in this group yet. Start one with /newgame!
top-private = /top shows a group’s leaderboard: send it in the group.
