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
stats-bluffs-called = 🫵 झांसा देते पकड़े गए: { $called } बार · दूसरों का झांसा पकड़ा: { $caught } बार
stats-rating = 📈 रेटिंग: { $rating } · { $of } में #{ $position } · पिछले { $trendGames ->
    [one] खेल
   *[other] { $trendGames } खेलों
} में { $trend }{ $provisional ->
    [yes] {" "}(अस्थायी: { $needed } में से { $games } खेल)
   *[no] {""}
}
stats-calls = ✅ सही “झूठा!”: { $total } में से { $right } ({ $accuracy }%)
stats-calls-none = ✅ सही “झूठा!”: — (अभी तक एक भी नहीं)
stats-lives = 💔 गँवाई जानें: { $total }
stats-lives-detail = 💔 गँवाई जानें: { $total } — { $causes }
stats-cause-caught-bluffing = झांसा पकड़ा गया: { $n }
stats-cause-wrong-call = ग़लत “झूठा!”: { $n }
stats-cause-mia-looked = असली मिया देखी: { $n }
stats-cause-mia-given-up = मिया पर हार मानी: { $n }
stats-cause-timeout = चूकी बारियाँ: { $n }

# /top: ग्रुप की रेटिंग सूची। $rank कोई पदक या "4." है; $bluff "23%" या "—" है;
# $provisional: 10 से कम खेलों की रेटिंग के लिए "yes" (* से चिह्नित)।
top-title = 🏆 <b>रेटिंग — { $chat }</b>
top-row = { $rank } { $name } — <b>{ $rating }</b>{ $provisional ->
    [yes] *
   *[no] {""}
} · { $games } खेल, { $wins } जीत ({ $winRate }%) · झांसे { $bluff }
top-no-people = यहाँ अभी किसी की रेटिंग नहीं है: /newgame से एक खेल पूरा करें!
top-computers-title = 🤖 <b>कंप्यूटर खिलाड़ी</b> (रणनीति के हिसाब से, अलग रेटिंग)
top-computer = { $strategy } — { $rating }{ $provisional ->
    [yes] *
   *[no] {""}
} · { $games } खेल
top-strategy-honest = ईमानदार
top-strategy-calculator = हिसाबी
top-strategy-bluffer = झांसेबाज़
top-strategy-random = बेतरतीब
top-footer = <i>इस ग्रुप के पूरे हुए खेल। रेटिंग सावधान है: अच्छे नतीजों के साथ और उन पर भरोसा बढ़ने के साथ बढ़ती है। * { $needed } खेलों तक अस्थायी।</i>
top-empty = इस ग्रुप में अभी तक कोई खेल पूरा नहीं हुआ है। /newgame से एक शुरू करें!
top-private = /top किसी ग्रुप की रेटिंग दिखाता है: इसे ग्रुप में भेजें।
