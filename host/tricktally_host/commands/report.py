# SPDX-License-Identifier: MIT
import click
@click.command("report")
def command():
    """stub"""
