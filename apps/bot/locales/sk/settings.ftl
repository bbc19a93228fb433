## /settings: pravidlá skupiny, a /lang.
## Menu je v jazyku skupiny; vyskakovacie odpovede v jazyku toho, kto stlačil.

settings-private = ⚙️ /settings mení pravidlá hry v skupine: pošlite príkaz v skupine, kde hráte. Svoj vlastný jazyk si vyberiete tu príkazom /lang.

## Správa nad menu

settings-title = ⚙️ <b>Nastavenia tejto skupiny</b>
settings-line-lives = ❤️ { $n ->
    [one] Každý hráč začína s { $n } životom
    [few] Každý hráč začína s { $n } životmi
   *[other] Každý hráč začína s { $n } životmi
}
settings-line-ranking = 🎲 Poradie hodov: { $preset } ({ $options })
settings-line-announce = 📣 { $rule ->
    [at-least] Ohlásenie môže byť rovnaké ako predchádzajúce
   *[strict] Každé ohlásenie musí prebiť predchádzajúce
}
settings-line-blind-pass = 🙈 Posunúť pohárik ďalej bez pozretia: { $on ->
    [on] povolené
   *[off] nepovolené
}
settings-line-mia-looked = 👀 Pozretie na skutočnú Miu stojí { $n ->
    [one] { $n } život
    [few] { $n } životy
   *[other] { $n } životov
}
settings-line-mia-false = 🤥 Falošná Mia stojí toho, kto ju ohlásil, { $n ->
    [one] { $n } život
    [few] { $n } životy
   *[other] { $n } životov
}
settings-line-end = 🏁 { $rule ->
    [first-out] Hra končí, keď vypadne prvý hráč
   *[last-standing] Hrá sa, kým nezostane jediný hráč
}
settings-line-turn = ⏱ Čas na ťah: { $time }
settings-line-turn-off = ⏱ Čas na ťah nie je obmedzený
settings-line-idle = 💤 { $n ->
    [one] Hráč, ktorý vynechá { $n } ťah, odchádza z hry
    [few] Hráč, ktorý vynechá { $n } ťahy za sebou, odchádza z hry
   *[other] Hráč, ktorý vynechá { $n } ťahov za sebou, odchádza z hry
}
settings-line-players = 👥 Hráči: od { $min } do { $max }
settings-line-play-mode = 🎲 { $mode ->
    [group] Kocky zostávajú v skupine: každý hráč vidí svoj hod vo vyskakovacom okne, ktoré vidí len on, a ohlasuje tlačidlami pri stole. Súkromný chat netreba.
   *[private] Kocky chodia v súkromnej správe: každému hráčovi pošlem jeho hod do nášho súkromného chatu, preto si so mnou každý raz začne chat.
}
settings-line-language = 🌐 Jazyk: { $name }
settings-who = Meniť ich môžu správcovia skupiny a zakladateľ hry, ktorá sa ešte nezačala.
settings-next-game = Zmeny platia od ďalšej hry.
settings-next-game-open = Hra je otvorená: zmeny budú platiť až od ďalšej hry, nie od tejto.

settings-preset-classic = klasické
settings-preset-rules-site = podľa stránky s pravidlami
settings-preset-meyer = Meyer
settings-preset-custom = vlastné
settings-doubles-66-high = 66 je najvyšší pár
settings-doubles-11-high = 11 je najvyšší pár
settings-little-mia-on = malá Mia (31) je druhá najvyššia
settings-little-mia-off = bez malej Mie
settings-sum-on = ostatné hody sa počítajú podľa súčtu
settings-sum-off = bez počítania súčtu

settings-choice-seconds = { $n } s
settings-choice-minutes = { $n } min
settings-choice-no-limit = bez obmedzenia

## Tlačidlá

settings-btn-lives = ❤️ Životy: { $n }
settings-btn-ranking = 🎲 Poradie: { $preset } ›
settings-btn-announce = 📣 { $rule ->
    [at-least] Ohlasovať: rovnako alebo vyššie
   *[strict] Ohlasovať: vždy vyššie
}
settings-btn-blind-pass = 🙈 Naslepo ďalej: { $on ->
    [on] zap.
   *[off] vyp.
}
settings-btn-mia-looked = 👀 Pozrel na pravú Miu: −{ $n }
settings-btn-mia-false = 🤥 Falošná Mia: −{ $n }
settings-btn-end = 🏁 { $rule ->
    [first-out] Koniec: prvý vypadnutý
   *[last-standing] Koniec: posledný v hre
}
settings-btn-turn = ⏱ Ťah: { $time } ›
settings-btn-idle = 💤 Vynechané ťahy: { $n }
settings-btn-min-players = 👥 Min. hráčov: { $n }
settings-btn-max-players = 👥 Max. hráčov: { $n }
settings-btn-play-mode = 🎲 Kocky: { $mode ->
    [group] vyskakovacie okná v skupine
   *[private] v súkromnej správe
}
settings-btn-language = 🌐 { $name } ›
settings-btn-close = ✖️ Zavrieť
settings-btn-back = ⬅️ Späť
settings-btn-doubles = Páry: { $best ->
    [ones] 11 najvyšší
   *[sixes] 66 najvyšší
}
settings-btn-little-mia = Malá Mia (31): { $on ->
    [on] zap.
   *[off] vyp.
}
settings-btn-sum = Súčet: { $on ->
    [on] zap.
   *[off] vyp.
}

## Názvy číselných nastavení, pre vyskakovacie odpovede

settings-name-lives = Životy
settings-name-miaLookedPenalty = Strata životov za pozretie na skutočnú Miu
settings-name-miaFalsePenalty = Strata životov za falošnú Miu
settings-name-turnSeconds = Sekundy na ťah
settings-name-idleLimit = Vynechané ťahy pred odchodom
settings-name-minPlayers = Najmenej hráčov
settings-name-maxPlayers = Najviac hráčov

## Vyskakovacie odpovede (najviac 200 znakov)

settings-range = { $setting }: od { $min } do { $max }. Meňte tlačidlami ➖ a ➕.
settings-not-allowed = Nastavenia môžu meniť iba správcovia skupiny alebo zakladateľ hry, ktorá sa ešte nezačala.
settings-saved = ✅ Uložené.
settings-saved-next-game = ✅ Uložené: platí od ďalšej hry.
settings-refused-range = { $setting }: hodnota musí byť od { $min } do { $max }. Nič sa nezmenilo.
settings-refused-players = Hráčov musí byť najmenej { $min } a najviac { $max }: minimum nemôže byť väčšie ako maximum. Nič sa nezmenilo.
settings-refused-blind-pass = Posúvať naslepo sa dá len pri prísnom pravidle (každé ohlásenie vyššie). Nič sa nezmenilo.
settings-refused-invalid = Nie je povolené: { $reason }
settings-outdated = Nastavenia sa medzitým zmenili: správa ich teraz ukazuje aktuálne. Skúste to znova.
settings-language-changed = 🌐 Jazyk skupiny: { $name }

## /lang

lang-prompt-group = 🌐 V tejto skupine hovorím jazykom: { $name }. Vyberte jazyk skupiny:
lang-prompt-private = 🌐 S vami hovorím jazykom: { $name }. Vyberte si jazyk:
lang-set-group = 🌐 Odteraz v tejto skupine hovorím po slovensky.
lang-set-private = 🌐 Odteraz s vami hovorím po slovensky.
lang-chosen = 🌐 { $name }
lang-admins-only = Jazyk skupiny môžu meniť iba správcovia skupiny.
lang-unknown = Jazyk „{ $given }“ nepoznám. Vyberte si jeden z: { $choices }
lang-outdated = Jazyk sa medzitým zmenil: tu je aktuálny výber.
