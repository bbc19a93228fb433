# The lobby message, the rules line and the round's table in the group.
lobby-title = 🎲 <b>Mia</b> — { $creator } का नया खेल
lobby-players = <b>खिलाड़ी ({ $count }/{ $max })</b>
lobby-nobody = • (अभी कोई नहीं)
lobby-rules = <b>नियम</b>: { $rules }
lobby-hint = खेलने के लिए “जुड़ें” दबाएँ (आपके पासे निजी संदेश में आएँगे)। खेल बनाने वाले या कोई एडमिन शुरू करते हैं।
lobby-hint-group = खेलने के लिए “जुड़ें” दबाएँ: आपके पासे यहीं पॉप-अप में दिखेंगे, जो सिर्फ़ आपको दिखते हैं। खेल बनाने वाले या कोई एडमिन शुरू करते हैं।
lobby-started = ▶️ <b>खेल शुरू हो गया है।</b>
lobby-started-by = ▶️ <b>खेल शुरू हो गया है:</b> राउंड 1 की शुरुआत { $name } करेंगे।
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

# A round's message in the group. $name and $claim are HTML-escaped (in stay-in-the-group mode
# $name is a mention of the player, which notifies them); $until is empty or " — until …".
table-title = 🎲 <b>Mia — राउंड { $round }</b>
lives-line = { $seats }
lives-you = आप
table-starts = राउंड की शुरुआत { $name } करेंगे।
table-announced = 📣 { $name }: <b>{ $claim }</b>
table-announced-blind = 📣 { $name }: <b>{ $claim }</b> (बिना देखे)
table-announced-pass = 📣 { $name }: <b>{ $claim }</b> (बिना देखे आगे बढ़ाया)
table-to-beat = 🎯 हराना है: <b>{ $claim }</b> — एक फेंक में इसे हराने की संभावना { $percent }% है।
table-turn-roll = ⏳ { $name } ने मान लिया: बिना देखे घोषणा करेंगे या फेंककर देखेंगे{ $until }
table-turn-announce = ⏳ { $name } पासे देख चुके हैं और घोषणा चुन रहे हैं{ $until }
table-turn-roll-here = ⏳ { $name }, आपने मान लिया: नीचे बिना देखे घोषणा करें, या फेंककर देखें{ $until }
table-turn-announce-here = ⏳ { $name }, आपकी बारी: 🎲 आपके पासे दिखाता है (सिर्फ़ आपको), फिर नीचे घोषणा करें{ $until }
table-turn-respond = ⏳ { $name }: मानकर फेंकें, या “झूठा!” कहें?{ $until }
table-turn-mia = ⏳ { $name }: Mia! हार मानें या देखें?{ $until }
table-unreachable = ⚠️ मैं { $name } को निजी संदेश नहीं भेज पा रहा। { $name }: @{ $bot } खोलें और Start दबाएँ — तब तक यहीं नीचे के बटनों से खेलें।
deadline-until = { $time } UTC तक
deadline-left = { $seconds ->
    [one] { $seconds } सेकंड
   *[other] { $seconds } सेकंड
} ({ $time } UTC तक)
table-call = ❗ { $name }: “झूठा!” — { $shown }
table-call-you = ❗ आप: “झूठा!” — { $shown }
table-look = 👀 { $name } ने देखा: { $shown }
table-look-you = 👀 आपने देखा: { $shown }
table-outcome-bluff-caught = { $rolled }, { $claim } से नीचा है: { $announcer } ब्लफ़ कर रहे थे।
table-outcome-bluff-caught-you = { $rolled }, { $claim } से नीचा है: आप ब्लफ़ कर रहे थे।
table-outcome-claim-held = { $rolled }, { $claim } से नीचा नहीं है: { $announcer } सच बोल रहे थे।
table-outcome-claim-held-you = { $rolled }, { $claim } से नीचा नहीं है: आप सच बोल रहे थे।
table-outcome-mia-true = असली Mia!
table-outcome-mia-false = Mia नहीं निकली: { $announcer } ब्लफ़ कर रहे थे।
table-outcome-mia-false-you = Mia नहीं निकली: आप ब्लफ़ कर रहे थे।
table-gave-up = 🏳️ { $name } ने Mia के आगे हार मान ली।
table-gave-up-you = 🏳️ आपने Mia के आगे हार मान ली।
table-missed = ⌛ { $name } की बारी छूट गई।
table-missed-you = ⌛ आपकी बारी छूट गई।
table-void = 🚫 राउंड रद्द: एक खिलाड़ी खेल छोड़ गया।
table-loss = 💔 { $name } ने { $n ->
    [1] एक जान गँवाई
    [one] { $n } जान गँवाई
   *[other] { $n } जानें गँवाईं
} ({ $cause })
table-loss-you = 💔 आपने { $n ->
    [1] एक जान गँवाई
    [one] { $n } जान गँवाई
   *[other] { $n } जानें गँवाईं
} ({ $cause })
table-next = ➡️ राउंड { $round } की शुरुआत { $name } करेंगे।
table-stopped = 🛑 <b>यह खेल रोक दिया गया।</b>
table-round-closed = यह राउंड ख़त्म हो गया।

game-over-winner = 🏆 <b>{ $name } ने Mia का खेल जीत लिया!</b>
game-over = 🏁 <b>Mia का खेल ख़त्म हुआ।</b>
game-over-place = { $place }. { $name }{ $lives ->
    [0] {""}
    [one] { " " }❤️{ $lives }
   *[other] { " " }❤️{ $lives }
}
game-over-rounds = { $n ->
    [one] { $n } राउंड खेला गया।
   *[other] { $n } राउंड खेले गए।
}
