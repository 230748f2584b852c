"""Login, logout and one-time invitations (under the language prefix: /ja/accounts/...).
LOGIN_URL points here, not at the admin."""

from django.urls import path

from tournaments.console.views import accounts

app_name = "accounts"

urlpatterns = [
    path("", accounts.home, name="home"),
    path("login/", accounts.login, name="login"),
    path("logout/", accounts.logout, name="logout"),
    path("invite/<uidb64>/<token>/", accounts.invite, name="invite"),
]
