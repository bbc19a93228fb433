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
button-show-dice = 🎲 मेरी बारी: मेरे पासे
button-roll = 🎲 फेंकें और देखें
button-roll-blind = 🙈 बिना देखे फेंकें

prompt-roll = 🎲 <b>पासे फेंकने की आपकी बारी।</b> पासे देखें, या बिना देखे फेंकें और अंदाज़े से घोषणा करें।
prompt-dice = 🎲 आपके पासे: { $faces } <b>{ $claim }</b>
    सच घोषित करें, या उससे ऊँचा या नीचा:
prompt-blind = 🙈 <b>बिना देखे फेंका।</b> बिना देखे घोषणा करें:
prompt-announced = 📣 आपकी घोषणा: { $claim }।
prompt-missed = ⌛ उस बारी का समय ख़त्म हो गया।
prompt-out = आप इस खेल से बाहर हैं।
prompt-game-over = 🏁 खेल ख़त्म हो गया।
prompt-stopped = 🛑 खेल रोक दिया गया।
reminder = ⏰ Mia में आपकी बारी के { $seconds ->
    [one] { $seconds } सेकंड बाकी है।
   *[other] { $seconds } सेकंड बाकी हैं।
}

popup-joined = ✋ आप खेल में शामिल हो गए।
popup-left = आपने खेल छोड़ दिया।
popup-start-not-allowed = इसे सिर्फ़ खेल बनाने वाले या ग्रुप एडमिन शुरू कर सकते हैं।
popup-rolled = 🎲 फेंक दिए: आपके पासे हमारी निजी चैट में हैं।
popup-rolled-unreachable = 🎲 फेंक दिए। मैं आपको निजी संदेश नहीं भेज पा रहा: टेबल पर “{ button-show-dice }” दबाएँ।
popup-blind-choose = 🙈 बिना देखे वाली अपनी घोषणा हमारी निजी चैट में चुनें।
popup-passed = 🤞 बिना देखे आगे बढ़ाया।
popup-dice = आपके पासे: { $faces } ({ $digits })। घोषणा के लिए निजी संदेश फिर चालू करें: बॉट खोलें और Start दबाएँ।
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
