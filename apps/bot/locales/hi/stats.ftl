# /stats: पूरे हुए खेलों पर एक खिलाड़ी के आँकड़े। $name पहले से HTML के लिए escape किया हुआ है।
# $scope: "group" (इस ग्रुप के खेल) या "all" (सभी ग्रुप के खेल, निजी चैट में)।
stats-title = 📊 <b>आँकड़े: { $name }</b> — { $scope ->
    [group] इस ग्रुप के खेल
   *[all] सभी ग्रुप के खेल
}
# $self: "yes" जब कोई अपने बारे में पूछे।
stats-none = { $scope ->
    [group] इस ग्रुप में{ " " }
   *[all] {""}
}{ $self ->
    [yes] आपका
   *[no] { $name } का
} अभी तक कोई खेल पूरा नहीं हुआ है। /newgame से एक खेल शुरू करें!
stats-bot = 🤖 मैं सिर्फ़ इंसानों के आँकड़े रखता हूँ।
stats-games = 🎲 खेल: { $games } · जीत: { $wins } ({ $winRate }%)
stats-bluff-rate = 🤥 झांसा दर: { $rate }% (पासे देखकर की गई { $looked } { $looked ->
    [one] घोषणा
   *[other] घोषणाओं
} में से { $bluffs } { $bluffs ->
    [0] झांसे
    [one] झांसा
   *[other] झांसे
})
stats-bluff-rate-none = 🤥 झांसा दर: — (पासे देखकर अभी तक कोई घोषणा नहीं की)
stats-bluffs-called = 🫵 झांसे जो दूसरों ने पकड़े: { $called } · दूसरों के झांसे पकड़े: { $caught }
stats-calls = ✅ सही “झूठा!”: { $total } में से { $right } ({ $accuracy }%)
stats-calls-none = ✅ सही “झूठा!”: — (अभी तक एक भी नहीं)
stats-lives = 💔 गँवाई जानें: { $total }
stats-lives-detail = 💔 गँवाई जानें: { $total } — { $causes }
stats-cause-caught-bluffing = झांसा पकड़ा गया: { $n }
stats-cause-wrong-call = ग़लत “झूठा!”: { $n }
stats-cause-mia-looked = असली मिया देखी: { $n }
stats-cause-mia-given-up = मिया पर हार मानी: { $n }
stats-cause-timeout = चूकी बारियाँ: { $n }

# /top: ग्रुप का लीडरबोर्ड। $rank कोई पदक या "4." है; $bluff "23%" या "—" है।
top-title = 🏆 <b>लीडरबोर्ड — { $chat }</b>
top-row = { $rank } { $name } — { $wins } { $wins ->
    [one] जीत
   *[other] जीत
} · { $games } { $games ->
    [one] खेल
   *[other] खेल
} · झांसे { $bluff }
top-footer = <i>इस ग्रुप के पूरे हुए खेल; सिर्फ़ इंसान, AI खिलाड़ियों को रैंक नहीं किया जाता।</i>
top-empty = इस ग्रुप में अभी तक कोई खेल पूरा नहीं हुआ है। /newgame से एक शुरू करें!
top-private = /top किसी ग्रुप का लीडरबोर्ड दिखाता है: इसे ग्रुप में भेजें।
