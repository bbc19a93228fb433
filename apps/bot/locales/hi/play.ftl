# Buttons, private prompts and pop-ups of a game in play.
button-join = ✋ जुड़ें
button-leave = 🚪 छोड़ें
button-start = ▶️ शुरू करें
button-believe = ✅ मानें और फेंकें
button-believe-blind = 🙈 मानें, बिना देखे फेंकें
button-call = ❗ झूठा!
button-pass = 🤞 बिना देखे पास
button-give-up = 🏳️ हार मानें (−1)
button-look = 👀 देखें
button-show-dice = 🎲 मेरे पासे
button-claim = { $claim } · { $percent }%
button-roll = 🎲 इसके बजाय फेंककर देखें

# The private prompt of the player whose turn it is. $name and $claim are HTML-escaped;
# $percent is the chance (whole percent) that one roll beats the claim.
prompt-title = 🎲 <b>Mia — राउंड { $round }</b> · आपकी बारी
prompt-title-start = 🎲 <b>Mia — राउंड { $round }</b> · शुरुआत आपसे
prompt-passed = 📣 { $name } ने कप आपको थमाया: <b>{ $claim }</b>
prompt-passed-blind = 📣 { $name } ने कप आपको थमाया: <b>{ $claim }</b> (बिना देखे घोषणा की)
prompt-passed-unseen = 📣 { $name } ने कप आपको थमाया: <b>{ $claim }</b> (बिना देखे आगे बढ़ाया: किसी ने पासे नहीं देखे)
prompt-to-beat = 🎯 हराना है: <b>{ $claim }</b> — एक फेंक में इसे हराने की संभावना { $percent }% है।
prompt-your-dice = 🎲 आपके पासे: { $faces } <b>{ $claim }</b> — एक फेंक में इन्हें हराने की संभावना { $percent }% है।
prompt-dice-start = राउंड आप शुरू कर रहे हैं: सच घोषित करें (<b>{ $claim }</b>, 🎯 से चिह्नित) या ब्लफ़ करें, ऊँचा या नीचा।
prompt-dice-beat = ✅ { $claim } { $standing } को हराता है: आप सच घोषित कर सकते हैं (🎯) या और ऊँचा ब्लफ़ कर सकते हैं।
prompt-dice-no-beat = ❌ आपके पासे { $standing } को नहीं हराते: आगे खेलने के लिए ब्लफ़ करना होगा।
prompt-respond = मानकर फेंकें, या “झूठा!” कहें?
prompt-respond-pass = मानकर फेंकें, “झूठा!” कहें, या कप बिना देखे आगे बढ़ाएँ?
prompt-mia = Mia को कुछ नहीं हरा सकता। हार मानें और 1 जान गँवाएँ, या देखें: असली Mia निकली तो आपकी { $looked ->
    [one] { $looked } जान जाएगी
   *[other] { $looked } जानें जाएँगी
}, झूठी निकली तो { $name } की { $lie ->
    [one] { $lie } जान जाएगी
   *[other] { $lie } जानें जाएँगी
}।
prompt-roll-blind = 🙈 आपने मान लिया। पासे देखे बिना घोषणा करें — या फिर फेंककर देख ही लें।
prompt-announce-start = घोषणा करें (हर बटन पर: एक फेंक में उसे हराने की संभावना):
prompt-announce-higher = { $claim } से ऊँची घोषणा करें (हर बटन पर: एक फेंक में उसे हराने की संभावना):
prompt-hurry = ⏰ <b>जल्दी करें: { $seconds ->
    [one] { $seconds } सेकंड बाकी है
   *[other] { $seconds } सेकंड बाकी हैं
}!</b>
# A prompt whose turn is over (no buttons any more).
prompt-closed-announced = 📣 राउंड { $round }: आपने <b>{ $claim }</b> घोषित किया; कप { $name } के पास गया।
prompt-closed-announced-blind = 📣 राउंड { $round }: आपने बिना देखे <b>{ $claim }</b> घोषित किया; कप { $name } के पास गया।
prompt-closed-passed = 🤞 राउंड { $round }: आपने <b>{ $claim }</b> बिना देखे { $name } की ओर आगे बढ़ाया।
prompt-closed-round = 🏁 <b>राउंड { $round } ख़त्म हुआ।</b>
prompt-closed-game-won = 🏆 खेल ख़त्म हो गया: { $name } की जीत।
prompt-closed-game = 🏁 खेल ख़त्म हो गया।
prompt-closed-place = आपका स्थान: { $of } में से { $place }।
prompt-moved-on = ⏭ यह बारी ख़त्म हो चुकी है।
prompt-out = आप इस खेल से बाहर हैं।
prompt-stopped = 🛑 खेल रोक दिया गया।

popup-joined = ✋ आप खेल में शामिल हो गए।
popup-left = आपने खेल छोड़ दिया।
popup-start-not-allowed = इसे सिर्फ़ खेल बनाने वाले या ग्रुप एडमिन शुरू कर सकते हैं।
popup-rolled = 🎲 फेंक दिए: आपके पासे हमारी निजी चैट में हैं।
popup-blind-choose = 🙈 बिना देखे वाली अपनी घोषणा हमारी निजी चैट में चुनें।
popup-blind-here = 🙈 बिना देखे वाली अपनी घोषणा टेबल के बटनों से चुनें।
popup-passed = 🤞 बिना देखे आगे बढ़ाया।
# Stay-in-the-group mode: the dice in a pop-up only their owner sees (plain text, 200 characters at most).
popup-dice = 🎲 आपके पासे: { $faces } = { $claim }। { $verdict }
popup-dice-start = शुरुआत आपसे: टेबल के बटनों से सच घोषित करें या ब्लफ़ करें।
popup-dice-beat = ये { $standing } को हराते हैं: टेबल के बटनों से सच घोषित करें या और ऊँचा ब्लफ़ करें।
popup-dice-no-beat = ये { $standing } को नहीं हराते: टेबल के बटनों से ऊँचा ब्लफ़ करना ही होगा।
popup-no-dice = आपने इस बारी में पासे नहीं देखे हैं।
popup-invalid-button = यह बटन मान्य नहीं है।

reject-not-your-turn = यह आपकी बारी नहीं है।
reject-not-your-turn-named = यह { $name } की बारी है, आपकी नहीं।
reject-stale = यह बटन पुराना है: खेल आगे बढ़ चुका है।
reject-game-over = वह खेल ख़त्म हो चुका है।
reject-not-playing = आप इस खेल में नहीं खेल रहे हैं।
reject-player-out = आप इस खेल से बाहर हो चुके हैं।
reject-started = खेल पहले ही शुरू हो चुका है।
reject-already-joined = आप पहले से टेबल पर हैं।
reject-table-full = टेबल भर चुकी है।
reject-too-few = { $min ->
    [one] खेल के लिए कम से कम { $min } खिलाड़ी चाहिए।
   *[other] खेल के लिए कम से कम { $min } खिलाड़ी चाहिए।
}
reject-not-higher = आपकी घोषणा पिछली घोषणा से ऊँची होनी चाहिए।
reject-not-allowed = इस खेल के नियम इसकी अनुमति नहीं देते।
reject-busy = खेल अभी व्यस्त है। कृपया फिर कोशिश करें।
reject-other = अभी यह संभव नहीं है।
