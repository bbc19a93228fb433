# /dashboard: die skakel na die groep se tafels op die web. $url is reeds vir HTML ontsnap.
dashboard-link = 📺 Hierdie groep se tafels, regstreeks en vroeër: { $url }
dashboard-listed = 🌍 Die groep word op die openbare paneelbord gelys.
dashboard-unlisted = 🔒 Die groep word nie openbaar gelys nie: net mense met die skakel sien dit.
dashboard-admin-hint = Admins: /dashboard rotate gee 'n nuwe skakel (die ou een werk dan nie meer nie); /dashboard public on|off lys die groep openbaar of nie.
dashboard-rotated = 🔄 Die nuwe skakel na hierdie groep se tafels: { $url }
    Die ou skakel werk nie meer nie.
dashboard-public-on = 🌍 Die groep word nou op die openbare paneelbord gelys.
dashboard-public-off = 🔒 Die groep word nie meer openbaar gelys nie; die skakel werk steeds.
dashboard-not-admin = Net groep-admins kan die paneelbordskakel verander.
dashboard-private = /dashboard gee 'n groep se skakel: stuur dit in die groep.
dashboard-usage = Gebruik /dashboard, /dashboard rotate of /dashboard public on|off.

# /kick: admins verwyder 'n speler. $name is reeds vir HTML ontsnap.
kick-private = /kick werk in die groep waar die spel is.
kick-not-admin = Net groep-admins kan spelers verwyder.
kick-no-game = Daar is geen spel hier nie.
kick-usage = Antwoord met /kick op 'n boodskap van die speler, of stuur /kick @gebruikersnaam of /kick Naam.
kick-no-player = { $name } speel nie in hierdie spel nie.
kick-ambiguous = Meer as een speler heet { $name }: antwoord met /kick op 'n boodskap van die een wat moet gaan.
kick-already-out = { $name } is reeds uit hierdie spel.
kick-game-over = Die spel is reeds verby.
kick-refused = Ek kon { $name } nie nou verwyder nie. Probeer asseblief weer.
kick-done = 👢 { $name } is uit die spel verwyder.
