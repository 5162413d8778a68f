"""A player driving the app through its own forms (hidden fields read from each page)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from support import SEED_001_DEAL
from support import hidden_fields as hidden


class Player:
    def __init__(self, client: Any) -> None:
        self.client = client

    def form(self, url: str) -> dict[str, str]:
        response = self.client.get(url)
        assert response.status_code == 200, url
        return hidden(response.get_data(as_text=True))

    def new_match(self, profile: str = "buraco-aberto") -> str:
        data = {**self.form("/matches/new"), "profile": profile,
                "sides-0-name": "Nós", "sides-1-name": "Eles"}
        response = self.client.post("/matches/new", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)[-1000:]
        return str(response.headers["Location"]).rsplit("/m/", 1)[1]

    def save_deal(self, token: str, sides: list[dict[str, Any]] | None = None) -> Any:
        url = f"/m/{token}/deals/new"
        data = self.form(url)
        for i, side in enumerate(sides or SEED_001_DEAL):
            for key, value in {"mode": "cards", "morto": "taken", **side}.items():
                data[f"sides-{i}-{key}"] = str(value)
        data.update(went_out="", closed_by="discard", action="save")
        return self.client.post(url, data=data)

    def burro_game(self) -> str:
        data = {**self.form("/burro"), "name": "Sábado", "players": "Ana\nBia\nCaio"}
        response = self.client.post("/burro", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)[-1000:]
        url = urlsplit(response.headers["Location"]).path
        data = {**self.form(url), "kind": "loser", "loser": "Bia"}
        self.client.post(f"{url}/round", data=data)
        return url
