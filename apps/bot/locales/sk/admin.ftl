# /dashboard: odkaz na stoly skupiny na webe. $url je už ošetrené pre HTML.
dashboard-link = 📺 Stoly tejto skupiny, živé aj minulé: { $url }
dashboard-listed = 🌍 Skupina je uvedená na verejnom dashboarde.
dashboard-unlisted = 🔒 Skupina nie je verejne uvedená: vidia ju len tí, ktorí majú odkaz.
dashboard-admin-hint = Správcovia: /dashboard rotate vydá nový odkaz (starý prestane fungovať); /dashboard public on|off skupinu verejne uvedie alebo skryje.
dashboard-rotated = 🔄 Nový odkaz na stoly tejto skupiny: { $url }
    Starý odkaz už nefunguje.
dashboard-public-on = 🌍 Skupina je teraz uvedená na verejnom dashboarde.
dashboard-public-off = 🔒 Skupina už nie je verejne uvedená; odkaz funguje ďalej.
dashboard-not-admin = Odkaz na dashboard môžu meniť len správcovia skupiny.
dashboard-private = /dashboard dáva odkaz skupiny: pošli ho v skupine.
dashboard-usage = Použi /dashboard, /dashboard rotate alebo /dashboard public on|off.

# /kick: správca odstráni hráča. $name je už ošetrené pre HTML.
kick-private = /kick funguje v skupine, kde je hra.
kick-not-admin = Hráčov môžu odstraňovať len správcovia skupiny.
kick-no-game = Tu nie je žiadna hra.
kick-usage = Odpovedz /kick na správu hráča alebo pošli /kick @používateľ či /kick Meno.
kick-no-player = { $name } v tejto hre nehrá.
kick-ambiguous = Viac hráčov sa volá { $name }: odpovedz /kick na správu toho, koho chceš odstrániť.
kick-already-out = { $name } už v tejto hre nie je.
kick-game-over = Hra sa už skončila.
kick-refused = Hráča { $name } sa teraz nepodarilo odstrániť. Skús to znova.
kick-done = 👢 Odstránené z hry: { $name }.
