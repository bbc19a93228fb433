# /dashboard: the link to the group's tables on the web. $url is HTML-escaped.
dashboard-link = 📺 This group’s tables, live and past: { $url }
dashboard-listed = 🌍 The group is listed on the public dashboard.
dashboard-unlisted = 🔒 The group is not listed publicly: only people with the link see it.
dashboard-admin-hint = Admins: /dashboard rotate gives a new link (the old one stops working); /dashboard public on|off lists the group publicly or not.
dashboard-rotated = 🔄 The new link to this group’s tables: { $url }
    The old link no longer works.
dashboard-public-on = 🌍 The group is now listed on the public dashboard.
dashboard-public-off = 🔒 The group is no longer listed publicly; the link still works.
dashboard-not-admin = Only group admins can change the dashboard link.
dashboard-private = /dashboard gives a group’s link: send it in the group.
dashboard-usage = Use /dashboard, /dashboard rotate or /dashboard public on|off.

# /kick: admins remove a player. $name is HTML-escaped.
kick-private = /kick works in the group where the game is.
kick-not-admin = Only group admins can remove players.
kick-no-game = There is no game here.
kick-usage = Reply to a message of the player with /kick, or send /kick @username or /kick Name.
kick-no-player = { $name } is not playing in this game.
kick-ambiguous = More than one player is called { $name }: reply to a message of the one to remove.
kick-already-out = { $name } is already out of this game.
kick-game-over = The game is already over.
kick-refused = I could not remove { $name } right now. Please try again.
kick-done = 👢 { $name } was removed from the game.
