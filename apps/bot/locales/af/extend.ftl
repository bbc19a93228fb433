# /extend: meer tyd vir 'n oop wagkamer; en die boodskap wanneer 'n wagkamer sonder 'n begin sluit.
extend-private = /extend werk in die groep waar die spel is.
extend-no-lobby = Daar is geen oop wagkamer om te verleng nie. Open 'n nuwe een met /newgame.
extend-started = Die spel het reeds begin.
extend-not-allowed = Net spelers in die wagkamer, sy skepper of 'n groep-admin kan dit verleng.
extend-done = ⏳ Die wagkamer bly nog { $minutes } { $minutes ->
    [one] minuut
   *[other] minute
} oop.
extend-at-limit = Die wagkamer bly reeds nog { $minutes } { $minutes ->
    [one] minuut
   *[other] minute
} oop, so lank as wat dit kan.
extend-expired = ⌛ Die wagkamer is gesluit: niemand het die spel betyds begin nie. Open 'n nuwe een met /newgame.
