# /stats: štatistiky hráča z dohratých hier. $name je už ošetrené pre HTML.
# $scope: "group" (hry tejto skupiny) alebo "all" (hry všetkých skupín, v súkromnom chate).
stats-title = 📊 <b>Štatistiky: { $name }</b> — { $scope ->
    [group] hry v tejto skupine
   *[all] hry vo všetkých skupinách
}
# $self: "yes", keď sa človek pýta sám na seba.
stats-none = { $self ->
    [yes] Zatiaľ nemáš
   *[no] { $name } zatiaľ nemá
} žiadnu dohratú hru{ $scope ->
    [group] { " " }v tejto skupine
   *[all] {""}
}. Začni jednu cez /newgame!
stats-bot = 🤖 Štatistiky vediem len pre ľudí.
stats-games = 🎲 Hry: { $games } · výhry: { $wins } ({ $winRate } %)
stats-bluff-rate = 🤥 Miera blafovania: { $rate } % ({ $bluffs } { $bluffs ->
    [one] blaf
    [few] blafy
    [many] blafu
   *[other] blafov
} z { $looked } { $looked ->
    [one] hlásenia
    [few] hlásení
    [many] hlásenia
   *[other] hlásení
} po pozretí kociek)
stats-bluff-rate-none = 🤥 Miera blafovania: — (zatiaľ žiadne hlásenie po pozretí kociek)
stats-bluffs-called = 🫵 Prichytený pri blafovaní: { $called }-krát · prichytil iných pri blafovaní: { $caught }-krát
stats-rating = 📈 Hodnotenie: { $rating } · { $position }. z { $of } · { $trend } za { $trendGames ->
    [one] poslednú hru
    [few] posledné { $trendGames } hry
   *[other] posledných { $trendGames } hier
}{ $provisional ->
    [yes] {" "}(predbežné: { $games } z { $needed } hier)
   *[no] {""}
}
stats-calls = ✅ Správne „Klamár!“: { $right } z { $total } ({ $accuracy } %)
stats-calls-none = ✅ Správne „Klamár!“: — (zatiaľ žiadne)
stats-lives = 💔 Stratené životy: { $total }
stats-lives-detail = 💔 Stratené životy: { $total } — { $causes }
stats-cause-caught-bluffing = odhalený blaf: { $n }
stats-cause-wrong-call = nesprávne „Klamár!“: { $n }
stats-cause-mia-looked = pozretie pod pravú Miu: { $n }
stats-cause-mia-given-up = vzdanie sa pri Mii: { $n }
stats-cause-timeout = zmeškané ťahy: { $n }

# /top: rebríček skupiny podľa hodnotenia. $rank je medaila alebo „4.“; $bluff je „23%“ alebo „—“;
# $provisional: "yes" pri hodnotení z menej ako 10 hier (označené *).
top-title = 🏆 <b>Hodnotenie — { $chat }</b>
top-row = { $rank } { $name } — <b>{ $rating }</b>{ $provisional ->
    [yes] *
   *[no] {""}
} · { $games } { $games ->
    [one] hra
    [few] hry
    [many] hry
   *[other] hier
}, { $wins } { $wins ->
    [one] výhra
    [few] výhry
    [many] výhry
   *[other] výhier
} ({ $winRate }%) · blafy { $bluff }
top-no-people = Tu zatiaľ nikto nemá hodnotenie: dohrajte hru cez /newgame!
top-computers-title = 🤖 <b>Počítačoví hráči</b> (hodnotení zvlášť, podľa stratégie)
top-computer = { $strategy } — { $rating }{ $provisional ->
    [yes] *
   *[no] {""}
} · { $games } { $games ->
    [one] hra
    [few] hry
    [many] hry
   *[other] hier
}
top-strategy-honest = Poctivý
top-strategy-calculator = Počtár
top-strategy-bluffer = Blafér
top-strategy-random = Náhodný
top-footer = <i>Dohraté hry tejto skupiny. Hodnotenie je opatrné: rastie s dobrými výsledkami a s istotou o nich. * predbežné do { $needed } hier.</i>
top-empty = V tejto skupine zatiaľ nie je žiadna dohratá hra. Začni jednu cez /newgame!
top-private = /top ukazuje hodnotenie skupiny: pošli ho v skupine.
