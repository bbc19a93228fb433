# Opening, stopping and joining games.
newgame-private = Mia sa hrá v skupine: pridaj ma do nejakej a pošli tam /newgame.
newgame-exists = Tu už je otvorená hra. Pridaj sa tlačidlami pod jej správou, alebo ju najprv zastav cez /stop.
newgame-failed = Hru sa nepodarilo otvoriť: { $reason }
stop-private = /stop funguje v skupine, kde prebieha hra.
stop-none = Nie je tu žiadna hra na zastavenie.
stop-not-allowed = Hru môže zastaviť iba jej zakladateľ alebo admin skupiny.
stop-done = 🛑 Hra bola zastavená. Novú začneš cez /newgame.
start-hello = 🎲 Ahoj! Vediem hry Mia v skupinách. Pridaj ma do skupiny a pošli /newgame; kocky ti budú chodiť sem.
start-gone = Táto hra sa už začala alebo skončila.
start-joined = ✋ Si v hre. Kocky ti prídu sem, keď budeš na ťahu.
start-already = Už sedíš pri stole.
start-failed = Nepodarilo sa ťa usadiť: hra sa možno už začala alebo je plná.
