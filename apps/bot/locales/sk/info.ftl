# /rules, /odds, /help and the command menu.
rules-title-game = 🎲 <b>Mia — pravidlá tejto hry</b>
rules-title-default = 🎲 <b>Mia — predvolené pravidlá</b>
rules-title-group = 🎲 <b>Mia — pravidlá tejto skupiny</b>
rules-summary = Hoď dvoma kockami pod pohárom a ohlás hodnotu: pravdu, vyššiu alebo nižšiu. Ďalší hráč ti buď uverí a musí ju prebiť, alebo zvolá „Klamár!“: kocky sa odkryjú a kto sa mýlil, stráca život. Mia neprebije nič: proti nej sa vzdaj (−1), alebo sa pozri.
rules-ranking = <b>Poradie, od najlepšieho</b>: { $order }
odds-title = 🎲 <b>Šanca, že jeden hod prebije danú hodnotu</b>
help-text = 🎲 <b>Mia</b>, blafovacia kocková hra, priamo v tejto skupine.
    /newgame — otvoriť hru (alias /mia); hráči stlačia „Pridať sa“, zakladateľ alebo admin „Začať“
    /addai — posadiť do lobby počítačového hráča
    /extend — viac času v lobby
    /stop — zastaviť hru (zakladateľ alebo admin)
    /rules — platné pravidlá a poradie
    /odds — šanca, že jeden hod prebije danú hodnotu
    /stats — tvoja štatistika (ako odpoveď: niekoho iného)
    /top — rebríček tejto skupiny
    /dashboard — stoly tejto skupiny na webe
    /settings — domáce pravidlá (admini)
    /lang — jazyk
    /kick — odstrániť nečinného hráča (admini)
help-dice-private = Kocky chodia súkromnou správou: raz stlač Start v súkromnom chate so mnou.
help-dice-group = V tejto skupine sa kocky ukazujú priamo tu, vo vyskakovacích oknách, ktoré vidíš len ty: súkromný chat netreba.

cmd-newgame = Otvoriť hru Mia v tejto skupine
cmd-mia = To isté ako /newgame
cmd-addai = Posadiť do lobby počítačového hráča
cmd-extend = Viac času v lobby
cmd-stop = Zastaviť hru (zakladateľ alebo admin)
cmd-rules = Platné pravidlá a poradie
cmd-odds = Šanca, že jeden hod prebije danú hodnotu
cmd-stats = Tvoja štatistika (odpoveď: niekoho iného)
cmd-top = Rebríček tejto skupiny
cmd-dashboard = Odkaz na stoly tejto skupiny
cmd-settings = Domáce pravidlá (admini)
cmd-lang = Zmeniť jazyk
cmd-kick = Odstrániť nečinného hráča (admini)
cmd-help = Ako hrať s týmto botom
cmd-start = Spustiť bota, aby ti mohli chodiť kocky
