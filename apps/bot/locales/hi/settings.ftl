## /settings: समूह के खेल-नियम, और /lang.
## मेन्यू समूह की भाषा में बनता है; पॉप-अप बटन दबाने वाले की भाषा में।

settings-private = ⚙️ /settings किसी समूह के खेल-नियम बदलता है: इसे उस समूह में भेजें जहाँ आप खेलते हैं। अपनी भाषा चुनने के लिए यहाँ /lang भेजें।

## मेन्यू के ऊपर का संदेश

settings-title = ⚙️ <b>इस समूह की सेटिंग्स</b>
settings-line-lives = ❤️ { $n ->
    [one] हर खिलाड़ी { $n } जान के साथ शुरू करता है
   *[other] हर खिलाड़ी { $n } जानों के साथ शुरू करता है
}
settings-line-ranking = 🎲 क्रम: { $preset } ({ $options })
settings-line-announce = 📣 { $rule ->
    [at-least] घोषणा पिछली घोषणा के बराबर भी हो सकती है
   *[strict] हर घोषणा पिछली घोषणा से ऊँची होनी चाहिए
}
settings-line-blind-pass = 🙈 बिना देखे कप आगे बढ़ाना: { $on ->
    [on] अनुमति है
   *[off] अनुमति नहीं है
}
settings-line-mia-looked = 👀 असली मिया को देखने पर { $n ->
    [one] { $n } जान जाती है
   *[other] { $n } जानें जाती हैं
}
settings-line-mia-false = 🤥 झूठी मिया पर घोषणा करने वाले की { $n ->
    [one] { $n } जान जाती है
   *[other] { $n } जानें जाती हैं
}
settings-line-end = 🏁 { $rule ->
    [first-out] पहला खिलाड़ी बाहर होते ही खेल ख़त्म हो जाता है
   *[last-standing] तब तक खेलें जब तक एक ही खिलाड़ी न बचे
}
settings-line-turn = ⏱ एक चाल का समय: { $time }
settings-line-turn-off = ⏱ चाल के लिए कोई समय-सीमा नहीं
settings-line-idle = 💤 { $n ->
    [one] { $n } चाल चूकने वाला खिलाड़ी खेल से बाहर हो जाता है
   *[other] लगातार { $n } चालें चूकने वाला खिलाड़ी खेल से बाहर हो जाता है
}
settings-line-players = 👥 खिलाड़ी: { $min } से { $max } तक
settings-line-play-mode = 🎲 { $mode ->
    [group] पासे समूह में ही रहते हैं: हर खिलाड़ी अपने पासे एक पॉप-अप में देखता है जो सिर्फ़ उसी को दिखता है, और टेबल के बटनों से घोषणा करता है। निजी चैट की ज़रूरत नहीं।
   *[private] पासे निजी संदेश में आते हैं: मैं हर खिलाड़ी को उसके पासे हमारी निजी चैट में भेजता हूँ, इसलिए हर कोई एक बार मुझसे चैट शुरू करे।
}
settings-line-language = 🌐 भाषा: { $name }
settings-who = समूह के एडमिन, और लॉबी में खुले खेल का निर्माता, इन्हें बदल सकते हैं।
settings-next-game = बदलाव अगले खेल से लागू होंगे।
settings-next-game-open = एक खेल खुला है: बदलाव इस खेल पर नहीं, अगले खेल से लागू होंगे।

settings-preset-classic = क्लासिक
settings-preset-rules-site = नियम-साइट वाला
settings-preset-meyer = मेयर
settings-preset-custom = अपना
settings-doubles-66-high = 66 सबसे ऊँचा जोड़ा
settings-doubles-11-high = 11 सबसे ऊँचा जोड़ा
settings-little-mia-on = छोटी मिया (31) दूसरे नंबर पर
settings-little-mia-off = छोटी मिया नहीं
settings-sum-on = बाकी फेंकें अपने योग से गिनी जाती हैं
settings-sum-off = योग से गिनती नहीं

settings-choice-seconds = { $n } सेकंड
settings-choice-minutes = { $n } मिनट
settings-choice-no-limit = कोई सीमा नहीं

## बटन

settings-btn-lives = ❤️ जानें: { $n }
settings-btn-ranking = 🎲 क्रम: { $preset } ›
settings-btn-announce = 📣 { $rule ->
    [at-least] घोषणा: बराबर या ऊँची
   *[strict] घोषणा: हमेशा ऊँची
}
settings-btn-blind-pass = 🙈 बिना देखे आगे: { $on ->
    [on] चालू
   *[off] बंद
}
settings-btn-mia-looked = 👀 असली मिया देखी: −{ $n }
settings-btn-mia-false = 🤥 झूठी मिया: −{ $n }
settings-btn-end = 🏁 { $rule ->
    [first-out] अंत: पहला बाहर
   *[last-standing] अंत: आख़िरी बचा खिलाड़ी
}
settings-btn-turn = ⏱ चाल: { $time } ›
settings-btn-idle = 💤 चूकी चालें: { $n }
settings-btn-min-players = 👥 न्यूनतम खिलाड़ी: { $n }
settings-btn-max-players = 👥 अधिकतम खिलाड़ी: { $n }
settings-btn-play-mode = 🎲 पासे: { $mode ->
    [group] समूह में पॉप-अप
   *[private] निजी संदेश में
}
settings-btn-language = 🌐 { $name } ›
settings-btn-close = ✖️ बंद करें
settings-btn-back = ⬅️ वापस
settings-btn-doubles = जोड़े: { $best ->
    [ones] 11 सबसे ऊँचा
   *[sixes] 66 सबसे ऊँचा
}
settings-btn-little-mia = छोटी मिया (31): { $on ->
    [on] चालू
   *[off] बंद
}
settings-btn-sum = योग से गिनती: { $on ->
    [on] चालू
   *[off] बंद
}

## संख्या वाली सेटिंग्स के नाम, पॉप-अप के लिए

settings-name-lives = जानें
settings-name-miaLookedPenalty = असली मिया देखने पर जाने वाली जानें
settings-name-miaFalsePenalty = झूठी मिया पर जाने वाली जानें
settings-name-turnSeconds = एक चाल के सेकंड
settings-name-idleLimit = बाहर होने से पहले चूकी चालें
settings-name-minPlayers = न्यूनतम खिलाड़ी
settings-name-maxPlayers = अधिकतम खिलाड़ी

## पॉप-अप (ज़्यादा से ज़्यादा 200 अक्षर)

settings-range = { $setting }: { $min } से { $max } तक। ➖ और ➕ से बदलें।
settings-not-allowed = सेटिंग्स सिर्फ़ समूह के एडमिन, या लॉबी में खुले खेल का निर्माता, बदल सकते हैं।
settings-saved = ✅ सहेज लिया।
settings-saved-next-game = ✅ सहेज लिया: यह अगले खेल से लागू होगा।
settings-refused-range = { $setting }: मान { $min } से { $max } के बीच होना चाहिए। कुछ नहीं बदला गया।
settings-refused-players = कम से कम { $min } और ज़्यादा से ज़्यादा { $max } खिलाड़ी होने चाहिए: न्यूनतम अधिकतम से ज़्यादा नहीं हो सकता। कुछ नहीं बदला गया।
settings-refused-blind-pass = बिना देखे आगे बढ़ाना सिर्फ़ सख़्त नियम (हर घोषणा ऊँची) के साथ चलता है। कुछ नहीं बदला गया।
settings-refused-invalid = अनुमति नहीं: { $reason }
settings-outdated = इस बीच सेटिंग्स बदल गईं: संदेश अब उन्हें मौजूदा रूप में दिखाता है। कृपया फिर कोशिश करें।
settings-language-changed = 🌐 समूह की भाषा: { $name }

## /lang

lang-prompt-group = 🌐 इस समूह में मैं { $name } में बात करता हूँ। समूह की भाषा चुनें:
lang-prompt-private = 🌐 आपसे मैं { $name } में बात करता हूँ। अपनी भाषा चुनें:
lang-set-group = 🌐 अब से मैं इस समूह में हिन्दी में बात करूँगा।
lang-set-private = 🌐 अब से मैं आपसे हिन्दी में बात करूँगा।
lang-chosen = 🌐 { $name }
lang-admins-only = समूह की भाषा सिर्फ़ समूह के एडमिन बदल सकते हैं।
lang-unknown = मुझे “{ $given }” भाषा नहीं आती। इनमें से एक चुनें: { $choices }
lang-outdated = इस बीच भाषा बदल गई: यह रहा मौजूदा विकल्प।
