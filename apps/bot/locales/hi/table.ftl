# The lobby message, the rules line and the round's table in the group.
lobby-title = 🎲 <b>Mia</b> — { $creator } का नया खेल
lobby-players = <b>खिलाड़ी ({ $count }/{ $max })</b>
lobby-nobody = • (अभी कोई नहीं)
lobby-rules = <b>नियम</b>: { $rules }
lobby-hint = खेलने के लिए “जुड़ें” दबाएँ (आपके पासे निजी संदेश में आएँगे)। खेल बनाने वाले या कोई एडमिन शुरू करते हैं।
lobby-started = ▶️ <b>खेल शुरू हो गया है।</b>
lobby-stopped = 🛑 <b>यह खेल रोक दिया गया।</b>
lobby-expired = ⌛ <b>यह लॉबी बंद हो गई: किसी ने समय पर खेल शुरू नहीं किया।</b>
lobby-closes = ⌛ शुरू न होने पर { $minutes } मिनट बाद बंद होगी; /extend से और समय मिलता है।

rules-lives = { $n ->
    [one] { $n } जान
   *[other] { $n } जानें
}
rules-doubles-66 = जोड़े: 66 सबसे ऊँचा
rules-doubles-11 = जोड़े: 11 सबसे ऊँचा
rules-little-mia = छोटी Mia
rules-sum = जोड़ मोड
rules-strict = हर घोषणा पिछली से ऊँची
rules-at-least = बराबर घोषणा की अनुमति
rules-blind-pass = बिना देखे पास चालू
rules-mia-penalties = असली Mia देखने पर −{ $looked }, झूठी Mia पर −{ $lie }
rules-turn = हर बारी { $seconds } सेकंड
rules-no-turn-limit = बारी की कोई समय-सीमा नहीं
rules-last-standing = आख़िर तक बचा खिलाड़ी जीतता है
rules-first-out = पहला खिलाड़ी बाहर होते ही खेल ख़त्म

table-title = 🎲 <b>Mia — राउंड { $round }</b>
table-last-round = <i>पिछला राउंड:</i>
table-starts = राउंड की शुरुआत { $name } करेंगे।
table-announced = 📣 { $name }: <b>{ $claim }</b>
table-announced-blind = 📣 { $name }: <b>{ $claim }</b> (बिना देखे)
table-announced-pass = 📣 { $name }: <b>{ $claim }</b> (बिना देखे आगे बढ़ाया)
table-turn-roll = ⏳ { $name } की बारी: पासे फेंकें{ $until }
table-turn-announce = ⏳ { $name } की बारी: घोषणा करें{ $until }
table-turn-respond = ⏳ { $name } की बारी: मानें या “झूठा!” कहें{ $until }
table-turn-mia = ⏳ { $name } की बारी: Mia! हार मानें या देखें{ $until }
table-until = { " " }— { $time } UTC तक
table-winner = 🏆 <b>{ $name } की जीत!</b>
table-over = 🏁 खेल ख़त्म हुआ।
table-call = ❗ { $name }: “झूठा!” — { $shown }
table-look = 👀 { $name } ने देखा: { $shown }
table-gave-up = 🏳️ { $name } ने Mia के आगे हार मान ली।
table-missed = ⌛ { $name } की बारी छूट गई।
table-void = राउंड रद्द: एक खिलाड़ी खेल छोड़ गया।
table-loss = 💔 { $name } ने { $n ->
    [1] एक जान गँवाई
    [one] { $n } जान गँवाई
   *[other] { $n } जानें गँवाईं
} ({ $cause })

game-over-winner = 🏆 { $name } ने Mia का खेल जीत लिया!
game-over = 🏁 Mia का खेल ख़त्म हुआ।
unreachable = ⚠️ मैं { $name } को निजी संदेश नहीं भेज पा रहा। { $name }: @{ $bot } खोलें और Start दबाएँ (या मुझे अनब्लॉक करें)। तब तक टेबल पर “{ button-show-dice }” इस्तेमाल करें।
