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
stats-bluffs-called = 🫵 Blafy odhalené inými: { $called } · odhalené cudzie blafy: { $caught }
stats-calls = ✅ Správne „Klamár!“: { $right } z { $total } ({ $accuracy } %)
stats-calls-none = ✅ Správne „Klamár!“: — (zatiaľ žiadne)
stats-lives = 💔 Stratené životy: { $total }
stats-lives-detail = 💔 Stratené životy: { $total } — { $causes }
stats-cause-caught-bluffing = odhalený blaf: { $n }
stats-cause-wrong-call = nesprávne „Klamár!“: { $n }
stats-cause-mia-looked = pozretie pod pravú Miu: { $n }
stats-cause-mia-given-up = vzdanie sa pri Mii: { $n }
stats-cause-timeout = zmeškané ťahy: { $n }

# /top: rebríček skupiny. $rank je medaila alebo „4.“; $bluff je „23%“ alebo „—“.
top-title = 🏆 <b>Rebríček — { $chat }</b>
top-row = { $rank } { $name } — { $wins } { $wins ->
    [one] výhra
    [few] výhry
    [many] výhry
   *[other] výhier
} · { $games } { $games ->
    [one] hra
    [few] hry
    [many] hry
   *[other] hier
} · blafy { $bluff }
top-footer = <i>Dohraté hry tejto skupiny; len ľudia, AI hráči sa nehodnotia.</i>
top-empty = V tejto skupine zatiaľ nie je žiadna dohratá hra. Začni jednu cez /newgame!
top-private = /top ukazuje rebríček skupiny: pošli ho v skupine.
