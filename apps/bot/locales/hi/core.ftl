# Shared words: the language's own name, claims, lives, causes of a lost life.
language-name = हिन्दी

claim-mia = Mia
claim-little-mia = छोटी Mia
claim-points = { $points } अंक

cause-caught-bluffing = ब्लफ़ पकड़ा गया
cause-wrong-call = ग़लत आरोप
cause-mia-looked = असली Mia देखी
cause-mia-given-up = Mia पर हार मानी
cause-timeout = बारी छूटी

out-lives = बाहर
out-left = चले गए
out-kicked = निकाले गए
out-idle = निष्क्रिय

# When the database cannot be reached (restarting, failing over): a pop-up or a reply.
error-database-unavailable = ⏳ अभी मैं अपने डेटाबेस तक नहीं पहुँच पा रहा हूँ। कृपया थोड़ी देर में फिर से कोशिश करें।
