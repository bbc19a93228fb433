## /settings: die groep se huisreëls, en /lang.
## Die kieslys is in die groep se taal; opspringers in die taal van wie gedruk het.

settings-private = ⚙️ /settings verander die huisreëls van 'n groep: stuur dit in die groep waar julle speel. Om jou eie taal te kies, stuur /lang hier.

## Die boodskap bo die kieslys

settings-title = ⚙️ <b>Instellings van hierdie groep</b>
settings-line-lives = ❤️ { $n ->
    [one] Elke speler begin met { $n } lewe
   *[other] Elke speler begin met { $n } lewens
}
settings-line-ranking = 🎲 Rangorde: { $preset } ({ $options })
settings-line-announce = 📣 { $rule ->
    [at-least] 'n Aankondiging mag gelyk wees aan die vorige een
   *[strict] Elke aankondiging moet die vorige een klop
}
settings-line-blind-pass = 🙈 Die beker ongesiens aangee: { $on ->
    [on] toegelaat
   *[off] nie toegelaat nie
}
settings-line-mia-looked = 👀 Om na 'n egte Mia te kyk, kos { $n ->
    [one] { $n } lewe
   *[other] { $n } lewens
}
settings-line-mia-false = 🤥 'n Vals Mia kos die aankondiger { $n ->
    [one] { $n } lewe
   *[other] { $n } lewens
}
settings-line-end = 🏁 { $rule ->
    [first-out] Die spel eindig sodra die eerste speler uit is
   *[last-standing] Speel totdat net een speler oorbly
}
settings-line-turn = ⏱ Tyd vir 'n beurt: { $time }
settings-line-turn-off = ⏱ Geen tydsbeperking vir 'n beurt nie
settings-line-idle = 💤 { $n ->
    [one] 'n Speler wat { $n } beurt mis, verlaat die spel
   *[other] 'n Speler wat { $n } beurte agtereenvolgens mis, verlaat die spel
}
settings-line-players = 👥 Spelers: { $min } tot { $max }
settings-line-play-mode = 🎲 { $mode ->
    [group] Die dobbelstene bly in die groep: elke speler sien hul gooi in 'n opspringvenster wat net hulle kan sien, en kondig aan met die knoppies by die tafel. Geen privaat klets nodig nie.
   *[private] Die dobbelstene kom per privaat boodskap: ek stuur elke speler hul gooi in ons privaat klets, so elkeen begin een keer 'n klets met my.
}
settings-line-language = 🌐 Taal: { $name }
settings-who = Groepadministrateurs, en die skepper van 'n spel wat nog nie begin het nie, kan dit verander.
settings-next-game = Veranderinge geld vanaf die volgende spel.
settings-next-game-open = 'n Spel is oop: veranderinge geld vanaf die volgende spel, nie hierdie een nie.

settings-preset-classic = klassiek
settings-preset-rules-site = reëlswebwerf
settings-preset-meyer = Meyer
settings-preset-custom = eie
settings-doubles-66-high = 66 is die beste dubbel
settings-doubles-11-high = 11 is die beste dubbel
settings-little-mia-on = klein Mia (31) is tweede beste
settings-little-mia-off = geen klein Mia nie
settings-sum-on = ander gooie tel volgens hul som
settings-sum-off = geen somtelling nie

settings-choice-seconds = { $n } s
settings-choice-minutes = { $n } min
settings-choice-no-limit = geen beperking

## Knoppies

settings-btn-lives = ❤️ Lewens: { $n }
settings-btn-ranking = 🎲 Rangorde: { $preset } ›
settings-btn-announce = 📣 { $rule ->
    [at-least] Aankondig: gelyk of hoër
   *[strict] Aankondig: altyd hoër
}
settings-btn-blind-pass = 🙈 Blind aangee: { $on ->
    [on] aan
   *[off] af
}
settings-btn-mia-looked = 👀 Na egte Mia gekyk: −{ $n }
settings-btn-mia-false = 🤥 Vals Mia: −{ $n }
settings-btn-end = 🏁 { $rule ->
    [first-out] Einde: eerste speler uit
   *[last-standing] Einde: laaste een oor
}
settings-btn-turn = ⏱ Beurt: { $time } ›
settings-btn-idle = 💤 Gemiste beurte: { $n }
settings-btn-min-players = 👥 Min. spelers: { $n }
settings-btn-max-players = 👥 Maks. spelers: { $n }
settings-btn-play-mode = 🎲 Stene: { $mode ->
    [group] opspringvensters in die groep
   *[private] per privaat boodskap
}
settings-btn-language = 🌐 { $name } ›
settings-btn-close = ✖️ Maak toe
settings-btn-back = ⬅️ Terug
settings-btn-doubles = Dubbels: { $best ->
    [ones] 11 beste
   *[sixes] 66 beste
}
settings-btn-little-mia = Klein Mia (31): { $on ->
    [on] aan
   *[off] af
}
settings-btn-sum = Somtelling: { $on ->
    [on] aan
   *[off] af
}

## Name van die getalinstellings, vir opspringers

settings-name-lives = Lewens
settings-name-miaLookedPenalty = Lewens verloor omdat jy na 'n egte Mia gekyk het
settings-name-miaFalsePenalty = Lewens verloor vir 'n vals Mia
settings-name-turnSeconds = Sekondes vir 'n beurt
settings-name-idleLimit = Gemiste beurte voordat jy uit is
settings-name-minPlayers = Minimum spelers
settings-name-maxPlayers = Maksimum spelers

## Opspringers (hoogstens 200 karakters)

settings-range = { $setting }: van { $min } tot { $max }. Verander dit met ➖ en ➕.
settings-not-allowed = Net groepadministrateurs, of die skepper van die spel wat nog nie begin het nie, kan die instellings verander.
settings-saved = ✅ Gestoor.
settings-saved-next-game = ✅ Gestoor: dit geld vanaf die volgende spel.
settings-refused-range = { $setting } moet van { $min } tot { $max } wees. Niks is verander nie.
settings-refused-players = Daar moet minstens { $min } en hoogstens { $max } spelers wees: die minimum kan nie bo die maksimum wees nie. Niks is verander nie.
settings-refused-blind-pass = Ongesiens aangee werk net met die streng reël (elke aankondiging hoër). Niks is verander nie.
settings-refused-invalid = Nie toegelaat nie: { $reason }
settings-outdated = Die instellings het intussen verander: die boodskap wys hulle nou soos hulle is. Probeer asseblief weer.
settings-language-changed = 🌐 Groeptaal: { $name }

## /lang

lang-prompt-group = 🌐 Ek praat { $name } in hierdie groep. Kies die groep se taal:
lang-prompt-private = 🌐 Ek praat { $name } met jou. Kies jou taal:
lang-set-group = 🌐 Van nou af praat ek Afrikaans in hierdie groep.
lang-set-private = 🌐 Van nou af praat ek Afrikaans met jou.
lang-chosen = 🌐 { $name }
lang-admins-only = Net groepadministrateurs kan die groep se taal verander.
lang-unknown = Ek ken nie die taal “{ $given }” nie. Kies een van: { $choices }
lang-outdated = Die taal het intussen verander: hier is die huidige keuse.
