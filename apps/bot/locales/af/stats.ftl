# /stats: 'n speler se statistiek oor klaargespeelde spelle. $name is reeds vir HTML ontsnap.
# $scope: "group" (hierdie groep se spelle) of "all" (alle groepe s'n, in 'n privaat klets).
stats-title = 📊 <b>Statistiek: { $name }</b> — { $scope ->
    [group] spelle in hierdie groep
   *[all] spelle in alle groepe
}
# $self: "yes" as die persoon oor homself of haarself vra.
stats-none = { $self ->
    [yes] Jy het
   *[no] { $name } het
} nog geen klaargespeelde spelle{ $scope ->
    [group] { " " }in hierdie groep
   *[all] {""}
} nie. Begin een met /newgame!
stats-bot = 🤖 Ek hou net statistiek vir mense.
stats-games = 🎲 Spelle: { $games } · oorwinnings: { $wins } ({ $winRate }%)
stats-bluff-rate = 🤥 Bluf-koers: { $rate }% ({ $bluffs } { $bluffs ->
    [one] bluf
   *[other] blufs
} uit { $looked } { $looked ->
    [one] aankondiging
   *[other] aankondigings
} ná 'n kyk na die dobbelstene)
stats-bluff-rate-none = 🤥 Bluf-koers: — (nog geen aankondiging ná 'n kyk na die dobbelstene nie)
stats-bluffs-called = 🫵 Uitgevang met bluf: { $called ->
    [one] een keer
   *[other] { $called } keer
} · ander met bluf uitgevang: { $caught ->
    [one] een keer
   *[other] { $caught } keer
}
stats-rating = 📈 Gradering: { $rating } · #{ $position } van { $of } · { $trend } oor die laaste { $trendGames ->
    [one] spel
   *[other] { $trendGames } spelle
}{ $provisional ->
    [yes] {" "}(voorlopig: { $games } van { $needed } spelle)
   *[no] {""}
}
stats-calls = ✅ Regte “Leuenaar!”-roepe: { $right } uit { $total } ({ $accuracy }%)
stats-calls-none = ✅ Regte “Leuenaar!”-roepe: — (nog geen nie)
stats-lives = 💔 Lewens verloor: { $total }
stats-lives-detail = 💔 Lewens verloor: { $total } — { $causes }
stats-cause-caught-bluffing = op 'n bluf betrap: { $n }
stats-cause-wrong-call = verkeerde “Leuenaar!”: { $n }
stats-cause-mia-looked = onder 'n regte Mia gekyk: { $n }
stats-cause-mia-given-up = Mia opgegee: { $n }
stats-cause-timeout = beurte gemis: { $n }

# /top: die groep se ranglys volgens gradering. $rank is 'n medalje of "4."; $bluff is "23%" of "—";
# $provisional: "yes" vir 'n gradering van minder as 10 spelle (gemerk met *).
top-title = 🏆 <b>Graderings — { $chat }</b>
top-row = { $rank } { $name } — <b>{ $rating }</b>{ $provisional ->
    [yes] *
   *[no] {""}
} · { $games } { $games ->
    [one] spel
   *[other] spelle
}, { $wins } { $wins ->
    [one] oorwinning
   *[other] oorwinnings
} ({ $winRate }%) · blufs { $bluff }
top-no-people = Niemand het hier nog 'n gradering nie: speel 'n spel klaar met /newgame!
top-computers-title = 🤖 <b>Rekenaarspelers</b> (apart gegradeer, per strategie)
top-computer = { $strategy } — { $rating }{ $provisional ->
    [yes] *
   *[no] {""}
} · { $games } { $games ->
    [one] spel
   *[other] spelle
}
top-strategy-honest = Eerlik
top-strategy-calculator = Berekenaar
top-strategy-bluffer = Bluffer
top-strategy-random = Lukraak
top-footer = <i>Klaargespeelde spelle in hierdie groep. Die gradering is versigtig: dit styg met goeie uitslae en soos dit sekerder daarvan word. * voorlopig tot { $needed } spelle.</i>
top-empty = Nog geen klaargespeelde spelle in hierdie groep nie. Begin een met /newgame!
top-private = /top wys 'n groep se graderings: stuur dit in die groep.
