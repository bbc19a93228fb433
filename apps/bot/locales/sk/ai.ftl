# /addai: počítačoví hráči v lobby skupiny.
ai-group-only = Počítačoví hráči sedia len pri stoloch v skupinách: pošlite /addai v skupine, kde je otvorená hra.
ai-no-game = Tu nie je otvorená žiadna hra. Otvorte ju príkazom /newgame a potom pridajte počítačových hráčov príkazom /addai.
ai-not-in-lobby = Hra sa už začala: počítačoví hráči si môžu prisadnúť len pred začiatkom.
ai-not-allowed = Počítačových hráčov môže pridávať len zakladateľ hry alebo správca skupiny.
ai-unknown-strategy =
    Stratégiu „{ $name }“ nepoznám. Vyberte si jednu z týchto:
    { $strategies }
    Napríklad: /addai bluffer
ai-table-full =
    Stôl je plný ({ $max } { $max ->
        [one] hráč
        [few] hráči
       *[other] hráčov
    }). Nikto ďalší si už nesadne.
ai-joined =
    🤖 { $name } ({ $strategy }) si sadá za stôl: obsadené { $seats } z { $max } { $max ->
        [one] miesta
        [few] miest
       *[other] miest
    }.
ai-failed = Počítačového hráča sa teraz nepodarilo posadiť. Skúste to znova.
# Stratégie tak, ako sa píšu za /addai (prvé slovo sa neprekladá), a čo robia.
ai-strategy-honest = honest — hovorí pravdu, kedykoľvek môže, a „klamár!“ volá len pri veľmi nepravdepodobných hláseniach
ai-strategy-calculator = calculator — hrá podľa pravdepodobností a blafuje, keď jeho hod asi niekto prebije (predvolená)
ai-strategy-bluffer = bluffer — často blafuje a často volá „klamár!“, niekedy hádže naslepo
ai-strategy-random = random — akýkoľvek povolený ťah, len pre zábavu
