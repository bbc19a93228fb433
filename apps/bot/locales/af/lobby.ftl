# Opening, stopping and joining games.
newgame-private = Speel Mia in 'n groep: voeg my by een en stuur /newgame daar.
newgame-exists = Hier is reeds 'n spel oop. Sluit aan met die knoppies by sy boodskap, of /stop dit eers.
newgame-failed = Ek kon nie 'n spel oopmaak nie: { $reason }
stop-private = /stop werk in die groep waar die spel is.
stop-none = Daar is geen spel om te stop nie.
stop-not-allowed = Net die spel se skepper of 'n groepadmin kan dit stop.
stop-done = 🛑 Die spel is gestop. Begin 'n nuwe een met /newgame.
start-hello = 🎲 Hallo! Ek lei spelle Mia in groepe. Voeg my by 'n groep en stuur /newgame; jou dobbelstene kom dan hierheen.
start-gone = Daardie spel het reeds begin of is klaar.
start-joined = ✋ Jy het by die spel aangesluit. Jou dobbelstene kom hierheen wanneer dit jou beurt is.
start-already = Jy sit reeds by die tafel.
start-failed = Ek kon nie vir jou 'n plek kry nie: die spel het dalk reeds begin of is vol.
