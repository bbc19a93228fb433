# /dashboard: वेब पर ग्रुप की टेबलों का लिंक। $url पहले से HTML के लिए escape किया हुआ है।
dashboard-link = 📺 इस ग्रुप की टेबलें, चल रही और पुरानी: { $url }
dashboard-listed = 🌍 यह ग्रुप सार्वजनिक डैशबोर्ड पर दिखता है।
dashboard-unlisted = 🔒 यह ग्रुप सार्वजनिक सूची में नहीं है: इसे सिर्फ़ लिंक वाले लोग देख सकते हैं।
dashboard-admin-hint = एडमिन: /dashboard rotate से नया लिंक मिलता है (पुराना काम करना बंद कर देता है); /dashboard public on|off से ग्रुप को सार्वजनिक सूची में दिखाएँ या हटाएँ।
dashboard-rotated = 🔄 इस ग्रुप की टेबलों का नया लिंक: { $url }
    पुराना लिंक अब काम नहीं करता।
dashboard-public-on = 🌍 यह ग्रुप अब सार्वजनिक डैशबोर्ड पर दिखता है।
dashboard-public-off = 🔒 यह ग्रुप अब सार्वजनिक सूची में नहीं है; लिंक अब भी काम करता है।
dashboard-not-admin = डैशबोर्ड लिंक सिर्फ़ ग्रुप एडमिन बदल सकते हैं।
dashboard-private = /dashboard किसी ग्रुप का लिंक देता है: इसे ग्रुप में भेजें।
dashboard-usage = /dashboard, /dashboard rotate या /dashboard public on|off इस्तेमाल करें।

# /kick: एडमिन किसी खिलाड़ी को हटाते हैं। $name पहले से HTML के लिए escape किया हुआ है।
kick-private = /kick उसी ग्रुप में काम करता है जहाँ खेल चल रहा है।
kick-not-admin = खिलाड़ियों को सिर्फ़ ग्रुप एडमिन हटा सकते हैं।
kick-no-game = यहाँ कोई खेल नहीं है।
kick-usage = खिलाड़ी के किसी संदेश के जवाब में /kick भेजें, या /kick @username या /kick नाम भेजें।
kick-no-player = { $name } इस खेल में नहीं खेल रहे हैं।
kick-ambiguous = { $name } नाम के एक से ज़्यादा खिलाड़ी हैं: जिसे हटाना है, उसके संदेश के जवाब में /kick भेजें।
kick-already-out = { $name } पहले ही इस खेल से बाहर हैं।
kick-game-over = खेल पहले ही ख़त्म हो चुका है।
kick-refused = मैं अभी { $name } को नहीं हटा पाया। कृपया फिर से कोशिश करें।
kick-done = 👢 { $name } को खेल से हटा दिया गया।
