# /extend: viac času pre otvorené lobby; a správa, keď sa lobby zatvorí bez začatia hry.
extend-private = /extend funguje v skupine, kde je hra.
extend-no-lobby = Nie je otvorené žiadne lobby, ktoré by sa dalo predĺžiť. Otvor nové cez /newgame.
extend-started = Hra sa už začala.
extend-not-allowed = Lobby môžu predĺžiť len hráči v ňom, jeho zakladateľ alebo správca skupiny.
extend-done = ⏳ Lobby zostane otvorené ešte { $minutes } { $minutes ->
    [one] minútu
    [few] minúty
    [many] minúty
   *[other] minút
}.
extend-at-limit = Lobby už zostane otvorené ešte { $minutes } { $minutes ->
    [one] minútu
    [few] minúty
    [many] minúty
   *[other] minút
}, dlhšie to nejde.
extend-expired = ⌛ Lobby sa zatvorilo: hru nikto nezačal včas. Otvor novú cez /newgame.
